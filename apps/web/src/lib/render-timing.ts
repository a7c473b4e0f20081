// Render timing with the User Timing API: a component marks the start of its render and measures in a layout
// effect, i.e. its render and the commit's DOM work, all main-thread time. A PerformanceObserver for 'measure'
// entries (the benchmarks) reads the figures; marks and measures are cleared at once so they never accumulate.

const startMark = (name: string) => `${name}:render-start`;

/** Call at the top of the component's render. */
export function markRenderStart(name: string): void {
  if (typeof performance === 'undefined' || !performance.mark) return;
  performance.mark(startMark(name));
}

/** Call from the component's useLayoutEffect: measures from the last render start to now. */
export function measureRender(name: string): void {
  if (typeof performance === 'undefined' || !performance.measure) return;
  try {
    performance.measure(name, startMark(name));
  } catch {
    // No start mark (e.g. a commit without a render of this component): nothing to measure.
  }
  performance.clearMarks(startMark(name));
  performance.clearMeasures(name);
}
