// axe-core on a page whose transitions have ended (ADR 029). A dialog fades in over its overlay for about 200 ms: axe
// run inside the fade measures the colours of a half-transparent dialog (grey text on grey, contrast 4.29) and
// reports a contrast failure that no user ever sees once the dialog stands.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules the product is held to: WCAG 2.1 A and AA. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The longest a page may keep animating before axe runs anyway (an animation that never ends is left out). */
const SETTLE_LIMIT_MS = 5_000;

/**
 * Waits until no finite CSS transition or animation runs: two frames first (a transition starts in the frame after
 * the class that triggers it is set), then until every running one has finished, again until none is left. Endless
 * animations (a loader's spinner) are not waited for.
 */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(async (limitMs) => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const until = performance.now() + limitMs;
    while (performance.now() < until) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter(
          (a) =>
            (a.playState === 'running' || a.pending) &&
            a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
        );
      if (running.length === 0) return;
      await Promise.race([
        Promise.all(running.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, until - performance.now()))),
      ]);
    }
  }, SETTLE_LIMIT_MS);
}

/** axe-core's WCAG 2.1 AA analysis of the page as it stands once its transitions have ended. */
export async function analyzeSettled(page: Page) {
  await transitionsEnded(page);
  return new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
}
