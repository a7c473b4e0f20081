/// <reference lib="webworker" />
import {
  PACKING_SEED,
  VERDICT_TIME_BUDGET_MS,
  packForVerdict,
  sizeTransit,
  type PackingSolver,
} from '@sealplan/engine';
import type { SizingRequest, SizingResponse } from './packing-protocol';

// The verdict's anytime search (ADR 004) runs here, so typing never waits for it: it answers "fits" the moment it
// holds a valid layout in the real opening, otherwise it keeps searching up to the time budget and reports the best
// scale so far. The page terminates this worker when the input changes, which cancels the search. The layout found
// is sent with the save, where the server checks it instead of solving again.

/** Progress is posted at most this often (every better scale would flood the page with messages). */
const PROGRESS_INTERVAL_MS = 100;

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<SizingRequest>) => {
  const { id, transit, items, catalogue, certificate } = event.data;
  const started = performance.now();
  let lastProgressMs = started;
  const post = (answer: SizingResponse) => scope.postMessage(answer);
  const solver: PackingSolver = (opening, diametersMm, wallMarginsMm) =>
    packForVerdict(opening, diametersMm, {
      wallMarginsMm,
      seed: PACKING_SEED,
      timeBudgetMs: VERDICT_TIME_BUDGET_MS,
      onProgress: (bestScale) => {
        const now = performance.now();
        // A fitting layout is told at once (the verdict), the spreading step follows; other progress is throttled.
        if (bestScale > 1 && now - lastProgressMs < PROGRESS_INTERVAL_MS) return;
        lastProgressMs = now;
        post({ id, kind: 'progress', bestScale });
      },
    });
  try {
    const result = sizeTransit({ transit, items, catalogue, solver, packing: certificate ?? null });
    post({ id, kind: 'result', ok: true, result, elapsedMs: performance.now() - started });
  } catch (error) {
    post({ id, kind: 'result', ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
