import { startTransition, useEffect, useRef, useState } from 'react';
import type { Catalogue, ItemInput, TransitInput, TransitSizing } from '@sealplan/engine';
import type { SizingRequest, SizingResponse } from '../workers/packing-protocol';

/** Wait this long after the last change before solving again: typing a number is several changes. */
export const SIZING_DEBOUNCE_MS = 120;

export interface SizingState {
  result: TransitSizing | null;
  /** A newer input than the one `result` was computed for is being solved ("Checking fit…"). */
  pending: boolean;
  /** While pending: the best scale the verdict's search has reached so far (> 1: no layout fits yet). */
  bestScale: number | null;
  error: string | null;
}

function createWorker() {
  return new Worker(new URL('../workers/packing.worker.ts', import.meta.url), {
    type: 'module',
    name: 'sealplan-packing',
  });
}

/**
 * Live sizing in a Web Worker (spec §4: re-solved whenever items or dimensions change), with the verdict's anytime
 * search (ADR 004). Debounced; the latest request wins: when a newer input arrives while the worker is still busy
 * (searching), the busy worker is terminated, which cancels its search, and a fresh one takes the new input, so a
 * slow search never delays the current one.
 */
export function useSizingWorker(
  input: {
    transit: TransitInput;
    items: ItemInput[];
    catalogue: Catalogue;
    certificate?: SizingRequest['certificate'];
  } | null,
): SizingState {
  const [state, setState] = useState<SizingState>({
    result: null,
    pending: input !== null,
    bestScale: null,
    error: null,
  });
  const workerRef = useRef<Worker | null>(null);
  const busyRef = useRef(false);
  const seqRef = useRef(0);

  useEffect(
    () => () => {
      workerRef.current?.terminate();
      workerRef.current = null;
    },
    [],
  );

  useEffect(() => {
    if (!input) return;
    const id = ++seqRef.current;
    setState((s) => (s.pending && s.bestScale === null ? s : { ...s, pending: true, bestScale: null }));
    const timer = window.setTimeout(() => {
      if (busyRef.current && workerRef.current) {
        workerRef.current.terminate();
        workerRef.current = null;
      }
      if (!workerRef.current) {
        const worker = createWorker();
        worker.onmessage = (event: MessageEvent<SizingResponse>) => {
          const answer = event.data;
          if (answer.kind === 'progress') {
            if (answer.id === seqRef.current)
              setState((s) => (s.pending ? { ...s, bestScale: answer.bestScale } : s));
            return;
          }
          busyRef.current = false;
          if (answer.id !== seqRef.current) return; // an older answer: a newer input is on its way
          // A transition: redrawing many circles renders in interruptible slices, never blocking typing.
          startTransition(() =>
            setState(
              answer.ok
                ? { result: answer.result, pending: false, bestScale: null, error: null }
                : { result: null, pending: false, bestScale: null, error: answer.error },
            ),
          );
        };
        worker.onerror = (event) => {
          busyRef.current = false;
          setState((s) => ({
            ...s,
            pending: false,
            bestScale: null,
            error: event.message || 'Sizing failed.',
          }));
        };
        workerRef.current = worker;
      }
      busyRef.current = true;
      const request: SizingRequest = { id, ...input };
      workerRef.current.postMessage(request);
    }, SIZING_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);

  return state;
}
