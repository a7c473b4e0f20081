// ADR 020: the "Smallest opening that fits" card asks its worker, shows the round and rectangular
// suggestions with the spare they leave, and "Apply" hands the standard size to the transit form. The worker is
// replaced by one that runs the real engine search in this thread.
import { useMemo, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { suggestOpenings, type ItemInput, type StandardOpening, type TransitInput } from '@sealplan/engine';
// The engine's reference catalogue is a test fixture outside its public API (the db seed imports it the same way).
// eslint-disable-next-line no-restricted-imports
import { sampleCatalogue } from '../../../../../../packages/engine/src/testing/sample-catalogue';
import { renderWithProviders } from '@/testing/render';
import type { OpeningRequest, OpeningResponse } from '../workers/opening-protocol';
import { OpeningSuggestionCard } from './opening-suggestion-card';

class EngineWorker {
  static posted = 0;
  onmessage: ((event: MessageEvent<OpeningResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  postMessage(request: OpeningRequest) {
    EngineWorker.posted++;
    setTimeout(() => {
      if (this.terminated) return;
      const result = suggestOpenings({
        transit: request.transit,
        items: request.items,
        catalogue: request.catalogue,
        standards: request.catalogue.standardOpenings ?? [],
      });
      this.onmessage?.({
        data: { id: request.id, ok: true, result, elapsedMs: 1 },
      } as MessageEvent<OpeningResponse>);
    }, 0);
  }
  terminate() {
    this.terminated = true;
  }
}

const transit: TransitInput = { shape: 'ROUND', itemTypeId: 'CABLE', sparePercent: 20 };
const items: ItemInput[] = [{ quantity: 12, outerDiameterMm: 20 }];

beforeEach(() => {
  EngineWorker.posted = 0;
  vi.stubGlobal('Worker', EngineWorker);
});
afterEach(() => vi.unstubAllGlobals());

/** The card with its items in state; the "next items" button stands for an edit of the transit's items. */
function Harness({ first, next }: { first: ItemInput[]; next: ItemInput[] }) {
  const [list, setList] = useState(first);
  const input = useMemo(() => ({ transit, items: list, catalogue: sampleCatalogue }), [list]);
  return (
    <>
      <button type="button" onClick={() => setList(next)}>
        next items
      </button>
      <OpeningSuggestionCard input={input} onApply={() => {}} />
    </>
  );
}

describe('OpeningSuggestionCard', () => {
  it('suggests round and rectangular standard openings with their spare; Apply hands the size to the form', async () => {
    const onApply = vi.fn<(standard: StandardOpening) => void>();
    const expected = suggestOpenings({
      transit,
      items,
      catalogue: sampleCatalogue,
      standards: sampleCatalogue.standardOpenings!,
    });
    renderWithProviders(
      <OpeningSuggestionCard input={{ transit, items, catalogue: sampleCatalogue }} onApply={onApply} />,
    );
    const card = screen.getByRole('region', { name: 'Smallest opening that fits' });
    await userEvent.click(within(card).getByRole('button', { name: 'Suggest' }));
    const round = await within(card).findByTestId('opening-suggestion-ROUND');
    expect(round.textContent).toMatch(/^Round Ø/);
    expect(round.textContent).toMatch(/Fill \d+\.\d\s% of the 80\.0\s% limit: \d+\.\d\s% spare/);
    expect(within(card).getByTestId('opening-suggestion-RECTANGLE').textContent).toMatch(/^Rectangle/);
    expect(card.textContent).toMatch('For 12 items');

    await userEvent.click(within(round).getByRole('button', { name: /^Apply Round Ø/ }));
    expect(onApply).toHaveBeenCalledWith(expected.round!.standard);
    expect(EngineWorker.posted).toBe(1);
  });

  it('asks for items first, and says so when no standard size is large enough', async () => {
    renderWithProviders(<Harness first={[]} next={[{ quantity: 2, outerDiameterMm: 900 }]} />);
    expect(screen.getByRole('button', { name: 'Suggest' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Add items to get the smallest standard opening for them.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'next items' }));
    await userEvent.click(screen.getByRole('button', { name: 'Suggest' }));
    expect(await screen.findByText('No standard round opening is large enough.')).toBeTruthy();
    expect(screen.getByText('No standard rectangular opening is large enough.')).toBeTruthy();
  });

  it('drops an answer when the items change (a stale suggestion is never offered)', async () => {
    renderWithProviders(<Harness first={items} next={[{ quantity: 3, outerDiameterMm: 20 }]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Suggest' }));
    await screen.findByTestId('opening-suggestion-ROUND');
    await userEvent.click(screen.getByRole('button', { name: 'next items' }));
    expect(screen.queryByTestId('opening-suggestion-ROUND')).toBeNull();
    expect(EngineWorker.posted).toBe(1);
  });
});
