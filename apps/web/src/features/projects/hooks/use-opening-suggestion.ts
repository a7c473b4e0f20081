import { useCallback, useEffect, useRef, useState } from 'react';
import type { Catalogue, ItemInput, OpeningSuggestions, TransitInput } from '@sealplan/engine';
import type { OpeningRequest, OpeningResponse } from '../workers/opening-protocol';

export type OpeningSearch =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'done'; result: OpeningSuggestions; elapsedMs: number }
  | { kind: 'failed'; error: string };

export interface OpeningSuggestionInput {
  transit: TransitInput;
  items: ItemInput[];
  catalogue: Catalogue;
}

function createWorker() {
  return new Worker(new URL('../workers/opening.worker.ts', import.meta.url), {
    type: 'module',
    name: 'sealplan-opening',
  });
}

/**
 * The smallest-opening search on demand (ADR 020), in its own Web Worker. An answer belongs to the input it
 * was asked for: when the input changes (items, rules, spare) the answer is dropped and a running search is
 * cancelled (the worker is terminated), so a stale suggestion is never offered.
 */
export function useOpeningSuggestion(input: OpeningSuggestionInput) {
  const [search, setSearch] = useState<OpeningSearch>({ kind: 'idle' });
  const workerRef = useRef<Worker | null>(null);
  const seqRef = useRef(0);

  const stop = useCallback(() => {
    workerRef.current?.terminate();
    workerRef.current = null;
  }, []);

  useEffect(() => {
    seqRef.current++;
    stop();
    setSearch({ kind: 'idle' });
  }, [input, stop]);
  useEffect(() => stop, [stop]);

  const start = useCallback(() => {
    stop();
    const id = ++seqRef.current;
    const worker = createWorker();
    workerRef.current = worker;
    setSearch({ kind: 'searching' });
    worker.onmessage = (event: MessageEvent<OpeningResponse>) => {
      const answer = event.data;
      if (answer.id !== seqRef.current) return;
      stop();
      setSearch(
        answer.ok
          ? { kind: 'done', result: answer.result, elapsedMs: answer.elapsedMs }
          : { kind: 'failed', error: answer.error },
      );
    };
    worker.onerror = (event) => {
      stop();
      setSearch({ kind: 'failed', error: event.message || 'Search failed.' });
    };
    const request: OpeningRequest = { id, ...input };
    worker.postMessage(request);
  }, [input, stop]);

  return { search, start };
}
