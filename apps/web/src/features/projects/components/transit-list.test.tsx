import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { filterAndSortRows, transitStatus, TransitList, type TransitRow } from './transit-list';

const row = (n: number, over: Partial<TransitRow> = {}): TransitRow => ({
  id: `id-${n}`,
  name: `Deck ${n}`,
  shapeLabel: 'Round',
  dimensions: 'Ø 200 mm',
  itemCount: n,
  fillPercent: n,
  overfilled: false,
  fits: true,
  ...over,
});

describe('transitStatus', () => {
  it('is incomplete without figures, over when overfilled, above 100 % or not fitting, else ok', () => {
    expect(transitStatus(row(1, { fits: null, fillPercent: null }))).toBe('incomplete');
    expect(transitStatus(row(1, { overfilled: true }))).toBe('over');
    expect(transitStatus(row(1, { fillPercent: 100.1 }))).toBe('over');
    expect(transitStatus(row(1, { fits: false }))).toBe('over');
    expect(transitStatus(row(1))).toBe('ok');
  });
});

describe('filterAndSortRows', () => {
  const rows = [
    row(10),
    row(2, { fillPercent: null, fits: null }),
    row(1, { name: 'Écluse 1', overfilled: true, fillPercent: 120 }),
  ];

  it('keeps the project order without a sort, and searches names ignoring case and accents', () => {
    expect(filterAndSortRows(rows, '', null).map((r) => r.id)).toEqual(['id-10', 'id-2', 'id-1']);
    expect(filterAndSortRows(rows, 'ecluse', null).map((r) => r.id)).toEqual(['id-1']);
    expect(filterAndSortRows(rows, ' DECK ', null).map((r) => r.id)).toEqual(['id-10', 'id-2']);
    expect(filterAndSortRows(rows, 'nothing', null)).toEqual([]);
  });

  it('sorts names numerically (Deck 2 before Deck 10), both ways', () => {
    expect(filterAndSortRows(rows, '', { field: 'name', direction: 'asc' }).map((r) => r.name)).toEqual([
      'Deck 2',
      'Deck 10',
      'Écluse 1',
    ]);
    expect(filterAndSortRows(rows, '', { field: 'name', direction: 'desc' }).map((r) => r.name)).toEqual([
      'Écluse 1',
      'Deck 10',
      'Deck 2',
    ]);
  });

  it('sorts by fill with transits without a figure last in either direction', () => {
    expect(filterAndSortRows(rows, '', { field: 'fill', direction: 'asc' }).map((r) => r.id)).toEqual([
      'id-10',
      'id-1',
      'id-2',
    ]);
    expect(filterAndSortRows(rows, '', { field: 'fill', direction: 'desc' }).map((r) => r.id)).toEqual([
      'id-1',
      'id-10',
      'id-2',
    ]);
  });

  it('sorts by status: overfilled, incomplete, fitting (and back)', () => {
    expect(filterAndSortRows(rows, '', { field: 'status', direction: 'asc' }).map((r) => r.id)).toEqual([
      'id-1',
      'id-2',
      'id-10',
    ]);
    expect(filterAndSortRows(rows, '', { field: 'status', direction: 'desc' }).map((r) => r.id)).toEqual([
      'id-10',
      'id-2',
      'id-1',
    ]);
  });
});

describe('TransitList', () => {
  const many = Array.from({ length: 25 }, (_, i) => row(i + 1));
  const renderList = (currentId: string | null = null) => {
    const onSelect = vi.fn();
    renderWithProviders(
      <TransitList
        rows={many}
        currentId={currentId}
        onSelect={onSelect}
        onAdd={() => undefined}
        onDuplicate={() => undefined}
        onDelete={() => undefined}
        busy={false}
      />,
    );
    return { onSelect };
  };
  const names = () =>
    within(screen.getByTestId('transit-list'))
      .getAllByRole('link')
      .map((a) => a.textContent);

  it('shows pages of ten and opens on the page of the current transit', async () => {
    renderList('id-23');
    expect(await screen.findByText('25 transits')).toBeTruthy();
    expect(names()).toEqual(['Deck 21', 'Deck 22', 'Deck 23', 'Deck 24', 'Deck 25']);
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(names()).toHaveLength(10);
    expect(names()[0]).toBe('Deck 1');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(names()[0]).toBe('Deck 11');
  });

  it('sorts from the column headers and marks the order with aria-sort', async () => {
    renderList();
    const nameHeader = await screen.findByRole('columnheader', { name: 'Name' });
    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect(names()[0]).toBe('Deck 25');
    // A third click returns to the project's order.
    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(nameHeader.getAttribute('aria-sort')).toBeNull();
    expect(names()[0]).toBe('Deck 1');
  });

  it('searches after the debounce and says how many match', async () => {
    vi.useFakeTimers();
    try {
      renderList();
      fireEvent.change(screen.getByRole('textbox', { name: 'Search transits' }), {
        target: { value: 'deck 2' },
      });
      await act(async () => {
        vi.advanceTimersByTime(600);
      });
      expect(names()).toEqual(['Deck 2', 'Deck 20', 'Deck 21', 'Deck 22', 'Deck 23', 'Deck 24', 'Deck 25']);
      expect(screen.getByText('7 of 25 match')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('selects a transit from its name', async () => {
    const { onSelect } = renderList();
    fireEvent.click(await screen.findByRole('link', { name: 'Deck 3' }));
    expect(onSelect).toHaveBeenCalledWith('id-3');
  });
});
