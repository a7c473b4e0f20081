// Render timing with the User Timing API: a component marks the start of its render and measures in a layout
// effect, i.e. its render and the commit's DOM work, all main-thread time. A PerformanceObserver for 'measure'
// entries (the benchmarks) reads the figures; marks and measures are cleared at once so they never accumulate.

const startMark = (name: string) => `${name}:render-start`;
const endMark = (name: string) => `${name}:render-end`;
/** The measure of the render phase alone: the component's own subtree, without siblings rendered in the same pass. */
export const renderPhase = (name: string) => `${name}:render`;

/** Call at the top of the component's render. */
export function markRenderStart(name: string): void {
  if (typeof performance === 'undefined' || !performance.mark) return;
  performance.mark(startMark(name));
}

/** Call in the render of the component's last child: the end of its subtree's render phase. */
export function markRenderEnd(name: string): void {
  if (typeof performance === 'undefined' || !performance.mark) return;
  performance.mark(endMark(name));
}

/**
 * Call from the component's useLayoutEffect: measures `name` from the last render start to now (render and
 * commit) and, when the subtree marked its end, `name:render` (the render phase alone).
 */
export function measureRender(name: string): void {
  if (typeof performance === 'undefined' || !performance.measure) return;
  try {
    if (performance.getEntriesByName(endMark(name), 'mark').length)
      performance.measure(renderPhase(name), startMark(name), endMark(name));
    performance.measure(name, startMark(name));
  } catch {
    // No start mark (e.g. a commit without a render of this component): nothing to measure.
  }
  performance.clearMarks(startMark(name));
  performance.clearMarks(endMark(name));
  performance.clearMeasures(name);
  performance.clearMeasures(renderPhase(name));
}

/** Rendered as a component's last child: marks the end of the component's render phase. */
export function RenderEndMark({ name }: { name: string }): null {
  markRenderEnd(name);
  return null;
}
