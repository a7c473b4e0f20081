import type { z } from 'zod';
import type { TransitSaveValues, penetratingItemInputSchema } from '@sealplan/contracts';
import type { TransitValues } from './transits.repository';

/** An item line of a save, as its contract parses it. */
export type ItemValuesIn = z.output<typeof penetratingItemInputSchema>;

/** The stored columns of a transit's save values (spec §3 fields). */
export function transitValues(input: TransitSaveValues): Omit<TransitValues, 'projectId' | 'name'> {
  return {
    copies: input.copies,
    shape: input.shape,
    widthMm: input.widthMm ?? null,
    heightMm: input.heightMm ?? null,
    radiusMm: input.radiusMm ?? null,
    diameterMm: input.diameterMm ?? null,
    nominalSize: input.nominalSize ?? null,
    sparePercent: input.sparePercent ?? null,
    comments: input.comments,
    penetratingItemTypeId: input.penetratingItemTypeId ?? null,
    transitTypeId: input.transitTypeId ?? null,
    classId: input.classId ?? null,
    sealantType: input.sealantType ?? null,
    sealantDepth: input.sealantDepth ?? null,
    crusherPipeConfiguration: input.crusherPipeConfiguration ?? null,
    singleCrusherPipeId: input.singleCrusherPipeId ?? null,
    depthMm: input.depthMm ?? null,
  };
}
