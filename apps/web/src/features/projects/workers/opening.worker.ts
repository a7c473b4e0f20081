/// <reference lib="webworker" />
import { suggestOpenings } from '@sealplan/engine';
import type { OpeningRequest, OpeningResponse } from './opening-protocol';

// The smallest standard openings (ADR 020) are searched here, off the main thread: one tightest
// search per shape group and a few boundary verdicts, all with counted budgets (the same answer as the engine's
// tests), typically under a second for 60 items.

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<OpeningRequest>) => {
  const { id, transit, items, catalogue } = event.data;
  const started = performance.now();
  const post = (answer: OpeningResponse) => scope.postMessage(answer);
  try {
    const result = suggestOpenings({
      transit,
      items,
      catalogue,
      standards: catalogue.standardOpenings ?? [],
    });
    post({ id, ok: true, result, elapsedMs: performance.now() - started });
  } catch (error) {
    post({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
