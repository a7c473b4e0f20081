/// <reference lib="webworker" />
import { sizeTransit } from '@sealplan/engine';
import type { SizingRequest, SizingResponse } from './packing-protocol';

// The engine's sizeTransit packs the circles (packCircles with the server's fixed seed and iteration budget),
// so the live preview shows the layout the server will store. It runs here so typing never waits for it.
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<SizingRequest>) => {
  const { id, transit, items, catalogue } = event.data;
  const started = performance.now();
  let answer: SizingResponse;
  try {
    const result = sizeTransit({ transit, items, catalogue });
    answer = { id, ok: true, result, elapsedMs: performance.now() - started };
  } catch (error) {
    answer = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(answer);
};
