/**
 * Shares one call among the callers that arrive while it runs: the first caller starts it, later callers get the
 * same promise until it settles, and the next caller after that starts a new one. Nothing is kept once it settles,
 * so every answer comes from a call that was still running (or started) when the caller asked.
 */
export function singleFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => {
    if (inFlight) return inFlight;
    const started = run().finally(() => {
      inFlight = null;
    });
    inFlight = started;
    return started;
  };
}
