// The product's fit verdict (ADR 004): the anytime search, then the installable spread layout. The
// browser runs it with a time budget in its Web Worker; the server runs it with a fixed seed and iteration budget
// when a save brings no valid layout, so a stored layout does not change while nothing changed.

import type { Opening } from '../types';
import { LARGE_PACKING_MIN_CIRCLES, packLarge } from './large/pack-large';
import { packCircles, measuredScale, type PackOptions, type PackResult } from './pack-circles';
import { spreadLayout } from './spread';

/**
 * Packs with the verdict search (first layout inside the opening, else the smallest found within the budget) and,
 * when it fits, spreads the layout (maximin, centred). The scale and the smallest gap describe the layout answered.
 * From LARGE_PACKING_MIN_CIRCLES circles the large-N path answers instead (ADR 015): its work is counted,
 * not timed, so it ignores the budgets and the seed and gives the same layout everywhere.
 */
export function packForVerdict(
  opening: Opening,
  diametersMm: number[],
  options: Omit<PackOptions, 'goal'> = {},
): PackResult {
  if (diametersMm.length >= LARGE_PACKING_MIN_CIRCLES)
    return packLarge(opening, diametersMm, options.onProgress ? { onProgress: options.onProgress } : {});
  const packed = packCircles(opening, diametersMm, { ...options, goal: 'verdict' });
  if (!packed.fits || packed.centres.length < 2) return packed;
  const spread = spreadLayout(opening, diametersMm, packed.centres, options.wallMarginsMm);
  return {
    fits: true,
    scale: measuredScale(opening, diametersMm, spread.centres, options.wallMarginsMm),
    centres: spread.centres,
    minGapMm: spread.minGapMm,
  };
}
