import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { TRANSIT_STATUS_TEXT } from '@sealplan/engine';
import { renderWithProviders } from '@/testing/render';
import { filterAndSortRows, TransitList, type TransitRow } from './transit-list';

const row = (n: number, over: Partial<TransitRow> = {}): TransitRow => ({
  id: `id-${n}`,
  name: `Deck ${n}`,
  shapeLabel: 'Round',
  dimensions: 'Ø 200 mm',
  itemCount: n,
  fillPercent: n,
  status: 'FITS',
  ...over,
});

describe('filterAndSortRows', () => {
  const rows = [
    row(10),
    row(2, { fillPercent: null, status: 'INCOMPLETE' }),
    row(1, { name: 'Écluse 1', status: 'OVERFILLED', fillPercent: 120 }),
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

  it('sorts by status: overfilled, items not fitting, incomplete, fitting (and back)', () => {
    const all = [...rows, row(3, { status: 'ITEMS_DO_NOT_FIT' })];
    expect(filterAndSortRows(all, '', { field: 'status', direction: 'asc' }).map((r) => r.id)).toEqual([
      'id-1',
      'id-3',
      'id-2',
      'id-10',
    ]);
    expect(filterAndSortRows(all, '', { field: 'status', direction: 'desc' }).map((r) => r.id)).toEqual([
      'id-10',
      'id-2',
      'id-3',
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

  it('words each state as the documents do (ADR 010)', async () => {
    renderWithProviders(
      <TransitList
        rows={[
          row(1),
          row(2, { status: 'INCOMPLETE', fillPercent: null }),
          row(3, { status: 'OVERFILLED', fillPercent: 162 }),
          row(4, { status: 'ITEMS_DO_NOT_FIT', fillPercent: 80 }),
        ]}
        currentId={null}
        onSelect={() => undefined}
        onAdd={() => undefined}
        onDuplicate={() => undefined}
        onDelete={() => undefined}
        busy={false}
      />,
    );
    const status = async (n: number) =>
      within(await screen.findByTestId(`transit-row-id-${n}`))
        .getAllByRole('cell')
        .at(-2)?.textContent;
    // The engine's TRANSIT_STATUS_TEXT, which the PDF, DOCX, RTF and CSV print.
    expect(await status(1)).toBe(TRANSIT_STATUS_TEXT.FITS);
    expect(await status(2)).toBe(TRANSIT_STATUS_TEXT.INCOMPLETE);
    expect(await status(3)).toBe(TRANSIT_STATUS_TEXT.OVERFILLED);
    expect(await status(4)).toBe(TRANSIT_STATUS_TEXT.ITEMS_DO_NOT_FIT);
  });

  it('selects a transit from its name', async () => {
    const { onSelect } = renderList();
    fireEvent.click(await screen.findByRole('link', { name: 'Deck 3' }));
    expect(onSelect).toHaveBeenCalledWith('id-3');
  });
});

describe('TransitList on site (ADR 031)', () => {
  it('shows each transit’s location and site status, grouped under its location when asked', () => {
    const rows = [
      row(1, { location: 'Deck 3 › Frame 42', siteStatus: 'INSTALLED' }),
      row(2, { location: '', siteStatus: 'DESIGNED' }),
      row(3, { location: 'Deck 10', siteStatus: 'INSPECTION_FAILED' }),
      row(4, { location: 'Deck 3 › Frame 42', siteStatus: 'INSPECTION_PASSED' }),
    ];
    renderWithProviders(
      <TransitList
        rows={rows}
        currentId={null}
        onSelect={() => undefined}
        onAdd={() => undefined}
        onDuplicate={() => undefined}
        onDelete={() => undefined}
        busy={false}
        groupByLocation
      />,
    );
    const table = screen.getByTestId('transit-list');
    expect(within(table).getAllByRole('columnheader', { name: 'Site status' })).toHaveLength(1);
    // Locations in order (numbers as numbers), the transits without one last, each group under its heading.
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) =>
        tr.getAttribute('data-testid') === 'location-group'
          ? `# ${tr.textContent}`
          : tr.querySelector('a')?.textContent,
      );
    expect(lines).toEqual([
      '# Deck 3 › Frame 42',
      'Deck 1',
      'Deck 4',
      '# Deck 10',
      'Deck 3',
      '# No location',
      'Deck 2',
    ]);
    expect(within(screen.getByTestId('transit-row-id-3')).getByTestId('site-status').textContent).toBe(
      'Inspection failed',
    );
  });
});
