import { z } from 'zod';
import {
  SPARE_PERCENT_MAX,
  SPARE_PERCENT_MIN,
  cornerRadiusTooLarge,
  engineMessage,
  maxCornerRadiusMm,
  minimumDepthMm,
  roundTo,
} from '@sealplan/engine';
import type { Catalogue, ItemInput, TransitInput, TransitSizing } from '@sealplan/engine';
import { itemTypeIdSchema, transitClassIdSchema, transitTypeIdSchema } from './catalogue';
import { singleLine } from './input-gate';
import {
  auditingSchema,
  editedVersionSchema,
  saveControlSchema,
  type Auditing,
  type Reference,
} from './records';

/** Spec §3 transit shapes, sealant layers and pipe configurations. */
export const TRANSIT_SHAPES = ['ROUND', 'RECTANGLE'] as const;
export const SEALANT_DEPTHS = ['SINGLE', 'DOUBLE'] as const;
export const PIPE_CONFIGURATIONS = ['SINGLE', 'MULTIPLE'] as const;

/** Longest accepted lengths (mm) and counts: generous, but they keep the packing and the sums bounded. */
export const MAX_TRANSIT_LENGTH_MM = 10_000;
export const MAX_TRANSIT_COPIES = 10_000;
export const MAX_ITEM_QUANTITY = 1_000;
/** At most this many penetrating item lines are saved in one call. */
export const MAX_ITEMS_PER_SAVE = 500;
/**
 * Most circles (the sum of the item quantities) one transit may hold: far more than a real transit holds, and what
 * the packing's large-N path (ADR 015) sizes in a few seconds. A layout sent with a save carries at most as many
 * centres (MAX_LAYOUT_CIRCLES), and the input gate's longest list is as long.
 */
export const MAX_TRANSIT_CIRCLES = 5_000;
export const TRANSIT_NAME_MAX_LENGTH = 100;
/** ADR 020: a cable tag (designation) kept with its item line. */
export const ITEM_TAG_MAX_LENGTH = 100;
/** A line's specification as the schedule writes it (cable type "RFOU(i) 3x35", pipe spec "DN50 Sch 40"). */
export const ITEM_SPECIFICATION_MAX_LENGTH = 100;
/** A specification is one line of text: it is printed in one legend cell. */
export const itemSpecificationSchema = singleLine(
  z.string().trim().max(ITEM_SPECIFICATION_MAX_LENGTH),
  'The specification',
);
export const TRANSIT_COMMENTS_MAX_LENGTH = 4000;

/** Texts of transit and penetrating item rules (spec §5), used by the web forms and the server alike. */
export const TRANSIT_MESSAGES = {
  /** spec §5 minimum depth; `{min}` in mm (the engine's DEPTH_BELOW_MINIMUM text). */
  minimumDepth: 'Minimum depth for this type of transit is {min}mm',
  notFound: 'Transit not found.',
  projectNotFound: 'Project not found.',
  copies: 'Copies must be a whole number of at least 1',
  /** Spec §4 spare percent (the engine's SPARE_PERCENT_OUT_OF_RANGE text). */
  sparePercent: `Spare percent must be between ${SPARE_PERCENT_MIN} and ${SPARE_PERCENT_MAX}`,
  /** ADR 010: `{maxRadius}` is the largest radius with its unit (the engine's CORNER_RADIUS_TOO_LARGE text in mm). */
  cornerRadiusTooLarge: 'The corner radius can be at most {max} (half the shorter side).',
  length: 'Please enter a length between 0 and 10000 mm',
  transitTypeNotAllowed: 'This transit type is not available for this penetrating item type.',
  classNotAllowed: 'This class is not available for this transit type.',
  sealantNotAllowed: 'This sealant is not available for this class.',
  /** Spec §4: 'Single' sealant layer only for RISE_ULTRA. */
  sealantDepthNotAllowed: 'A single sealant layer is only available for RISE_ULTRA transits.',
  /** Spec §4: pipe configuration only for RISE_ULTRA; a rectangle takes several pipes only. */
  pipeConfigurationNotAllowed: 'This pipe configuration is not available for this transit type and shape.',
  pipeNotFound: 'This pipe size is not in the catalogue.',
  /** Spec §4: the single pipe applies only to a round RISE_ULTRA transit with the single-pipe configuration. */
  singlePipeNotAllowed:
    'A single pipe size applies only to a round RISE_ULTRA transit with the single-pipe configuration.',
  /** Spec §4: the diameter is read-only, the pipe's 'Actual Inside Diameter'; `{diameter}` in mm. */
  singlePipeDiameter:
    "The diameter of a RISE_ULTRA single-pipe transit is the pipe's Actual Inside Diameter ({diameter}mm).",
  itemsOfOneTransit: 'All penetrating items of one save must belong to one transit.',
  noItems: 'There are no penetrating items to save.',
  defaultName: 'Transit {n}',
  copySuffix: ' (copy)',
  /** `{max}` is MAX_TRANSIT_CIRCLES, `{count}` the circles the save would give. */
  tooManyCircles:
    'A transit can hold at most {max} penetrating items (the sum of the quantities); this one would hold {count}.',
} as const;

/** Circles a list of item lines packs: the sum of the quantities of the lines not removed. */
export function circleCount(items: readonly { quantity: number; isRemoved?: boolean | null | undefined }[]) {
  return items.reduce((sum, item) => sum + (item.isRemoved ? 0 : item.quantity), 0);
}

/** The field message when `count` circles exceed MAX_TRANSIT_CIRCLES (null when they do not). */
export function tooManyCirclesMessage(count: number): string | null {
  if (count <= MAX_TRANSIT_CIRCLES) return null;
  return TRANSIT_MESSAGES.tooManyCircles
    .replace('{max}', String(MAX_TRANSIT_CIRCLES))
    .replace('{count}', String(count));
}

/** Spec §5: penetrating items need a quantity and an outer diameter, set and not negative. */
export const PENETRATING_ITEM_MESSAGES = {
  quantity: 'Please Enter a quantity',
  quantityNegative: 'Quantity must not be negative',
  quantityWhole: 'Quantity must be a whole number',
  quantityTooLarge: 'Quantity must be at most 1000',
  outerDiameter: 'Please Enter an outer diameter',
  outerDiameterNegative: 'Outer diameter must not be negative',
  outerDiameterTooLarge: 'Outer diameter must be at most 10000 mm',
  crusherNotFound: 'This pipe size is not in the catalogue.',
  notFound: 'Penetrating item not found.',
} as const;

/** ADR 010: the corner radius message naming the largest allowed radius, in mm (the API's unit). */
export function cornerRadiusMessage(maxRadiusMm: number): string {
  return engineMessage('CORNER_RADIUS_TOO_LARGE', { maxRadius: roundTo(maxRadiusMm, 2) }).text;
}

/**
 * ADR 010 corner radius rule, one place for the form and every save path: a rectangle's corner radius may be at
 * most half its shorter side; above it is refused (never limited). Null when allowed (or not a rectangle, or its
 * sides are not set yet); else the largest allowed radius in mm.
 */
export function cornerRadiusProblem(transit: {
  shape: string;
  widthMm?: number | null | undefined;
  heightMm?: number | null | undefined;
  radiusMm?: number | null | undefined;
}): { maxRadiusMm: number } | null {
  if (transit.shape !== 'RECTANGLE') return null;
  if (!cornerRadiusTooLarge(transit.widthMm, transit.heightMm, transit.radiusMm)) return null;
  return { maxRadiusMm: maxCornerRadiusMm(transit.widthMm ?? 0, transit.heightMm ?? 0) };
}

/** Spec §5 minimum depth message for a minimum in mm. */
export function minimumDepthMessage(minMm: number): string {
  return engineMessage('DEPTH_BELOW_MINIMUM', { min: minMm }).text;
}

/**
 * Spec §5 minimum depth rule: a depth below the minimum of the item type's class is an error (the web form resets
 * it to the minimum; the server refuses it). A missing depth is not checked (the transit is not complete yet).
 */
export function checkMinimumDepth(
  catalogue: Catalogue,
  transit: Pick<TransitInput, 'itemTypeId' | 'classId' | 'depthMm'>,
): { minimumDepthMm: number | null; ok: boolean; message: string | null } {
  const min = minimumDepthMm(catalogue, transit.itemTypeId, transit.classId);
  const depth = transit.depthMm;
  if (min === null || depth === null || depth === undefined || depth >= min) {
    return { minimumDepthMm: min, ok: true, message: null };
  }
  return { minimumDepthMm: min, ok: false, message: minimumDepthMessage(min) };
}

const lengthMm = z
  .number({ error: TRANSIT_MESSAGES.length })
  .finite()
  .min(0, TRANSIT_MESSAGES.length)
  .max(MAX_TRANSIT_LENGTH_MM, TRANSIT_MESSAGES.length)
  .nullable()
  .optional();
const optionalId = z.string().trim().max(60).nullable().optional();

/** Spec §3 transit as saved (lengths in mm). Ids of catalogue entries are flat; the answer adds references. */
export const transitInputSchema = z
  .object({
    id: z.string().uuid().optional(),
    projectId: z.string().uuid(),
    /** Empty: the server names it 'Transit {n}'. */
    name: singleLine(z.string().trim().max(TRANSIT_NAME_MAX_LENGTH), 'The transit name').default(''),
    copies: z
      .number({ error: TRANSIT_MESSAGES.copies })
      .int(TRANSIT_MESSAGES.copies)
      .min(1, TRANSIT_MESSAGES.copies)
      .max(MAX_TRANSIT_COPIES, TRANSIT_MESSAGES.copies)
      .default(1),
    shape: z.enum(TRANSIT_SHAPES).default('ROUND'),
    widthMm: lengthMm,
    heightMm: lengthMm,
    /** Spec §3 radius: the corner radius of a rectangle. */
    radiusMm: lengthMm,
    diameterMm: lengthMm,
    nominalSize: singleLine(z.string().trim().max(30), 'The nominal size').nullable().optional(),
    sparePercent: z
      .number({ error: TRANSIT_MESSAGES.sparePercent })
      .finite()
      .min(SPARE_PERCENT_MIN, TRANSIT_MESSAGES.sparePercent)
      .max(SPARE_PERCENT_MAX, TRANSIT_MESSAGES.sparePercent)
      .nullable()
      .optional(),
    comments: z.string().max(TRANSIT_COMMENTS_MAX_LENGTH).default(''),
    penetratingItemTypeId: itemTypeIdSchema.nullable().optional(),
    transitTypeId: transitTypeIdSchema.nullable().optional(),
    classId: transitClassIdSchema.nullable().optional(),
    /** A sealant id of the catalogue (spec §3 sealantType). */
    sealantType: optionalId,
    sealantDepth: z.enum(SEALANT_DEPTHS).nullable().optional(),
    crusherPipeConfiguration: z.enum(PIPE_CONFIGURATIONS).nullable().optional(),
    /** Crusher (pipe size) id of the single pipe of a RISE_ULTRA single-pipe transit. */
    singleCrusherPipeId: optionalId,
    depthMm: lengthMm,
  })
  .extend(saveControlSchema.shape)
  // ADR 010: a corner radius above half the shorter side is refused with the largest allowed radius.
  .superRefine((transit, ctx) => {
    const problem = cornerRadiusProblem(transit);
    if (problem)
      ctx.addIssue({ code: 'custom', path: ['radiusMm'], message: cornerRadiusMessage(problem.maxRadiusMm) });
  });
export type TransitSaveInput = z.input<typeof transitInputSchema>;
export type TransitSaveValues = z.output<typeof transitInputSchema>;

/** Spec §3 penetrating item line as saved. `transitId` may be left out when saved together with its transit. */
export const penetratingItemInputSchema = z.object({
  id: z.string().uuid().optional(),
  transitId: z.string().uuid().optional(),
  itemTypeId: itemTypeIdSchema.nullable().optional(),
  quantity: z
    .number({ error: PENETRATING_ITEM_MESSAGES.quantity })
    .int(PENETRATING_ITEM_MESSAGES.quantityWhole)
    .min(0, PENETRATING_ITEM_MESSAGES.quantityNegative)
    .max(MAX_ITEM_QUANTITY, PENETRATING_ITEM_MESSAGES.quantityTooLarge),
  outerDiameterMm: z
    .number({ error: PENETRATING_ITEM_MESSAGES.outerDiameter })
    .finite()
    .min(0, PENETRATING_ITEM_MESSAGES.outerDiameterNegative)
    .max(MAX_TRANSIT_LENGTH_MM, PENETRATING_ITEM_MESSAGES.outerDiameterTooLarge),
  /** A predefined pipe size (crusher id); its pipe diameter is then the outer diameter. */
  crusherId: optionalId,
  /** ADR 020: the cable tag (designation); left out keeps the stored one, null or '' clears it. */
  tag: singleLine(z.string().trim().max(ITEM_TAG_MAX_LENGTH), 'The tag').nullish(),
  /** The cable type or pipe spec as written ("RFOU(i) 3x35"); left out keeps the stored one, null or '' clears it. */
  specification: itemSpecificationSchema.nullish(),
  sort: z.number().int().min(0).max(100_000).optional(),
  /** Soft delete of the line. */
  isRemoved: z.boolean().optional(),
  version: editedVersionSchema.positive().optional(),
});
export type PenetratingItemSaveInput = z.input<typeof penetratingItemInputSchema>;

/** Spec §3 penetrating item as answered (derived diameters computed by the server's engine at save). */
export const penetratingItemSchema = z.object({
  id: z.string(),
  guid: z.string(),
  transitId: z.string(),
  itemTypeId: itemTypeIdSchema.nullable(),
  quantity: z.number().int(),
  outerDiameterMm: z.number(),
  crusherId: z.string().nullable(),
  plasticPipeDiameterMm: z.number().nullable(),
  sleevedDiameterMm: z.number().nullable(),
  diameterPlusClearanceMm: z.number().nullable(),
  /** ADR 020: the cable tag (designation), null when none. */
  tag: z.string().nullable(),
  /** The cable type or pipe spec as written, null when none. */
  specification: z.string().nullable(),
  sort: z.number().int(),
  isRemoved: z.boolean(),
  version: z.number().int(),
  auditing: auditingSchema,
});
export type PenetratingItem = z.infer<typeof penetratingItemSchema>;

/** Spec §3 transit as answered: every field, lengths in mm, plus the stored engine results. */
export interface Transit {
  id: string;
  guid: string;
  projectId: string;
  name: string;
  copies: number;
  shape: (typeof TRANSIT_SHAPES)[number];
  widthMm: number | null;
  heightMm: number | null;
  radiusMm: number | null;
  diameterMm: number | null;
  nominalSize: string | null;
  sparePercent: number | null;
  comments: string;
  penetratingItemTypeId: NonNullable<TransitInput['itemTypeId']> | null;
  transitTypeId: NonNullable<TransitInput['transitTypeId']> | null;
  classId: NonNullable<TransitInput['classId']> | null;
  /** Spec §3 references {id, display, model} of the three ids above (null when not chosen). */
  penetratingItemType: Reference | null;
  transitType: Reference | null;
  class: Reference | null;
  sealantType: string | null;
  sealantDepth: (typeof SEALANT_DEPTHS)[number] | null;
  crusherPipeConfiguration: (typeof PIPE_CONFIGURATIONS)[number] | null;
  singleCrusherPipeId: string | null;
  depthMm: number | null;
  penetratingItemCount: number;
  isRemoved: boolean;
  version: number;
  auditing: Auditing;
  /** The engine's sizeTransit output computed on the server at the last save (null before the first). */
  results: TransitSizing | null;
}

/** A transit with its live penetrating items. */
export interface TransitData {
  transit: Transit;
  penetratingItems: PenetratingItem[];
}
export type TransitWithItems = Transit & { penetratingItems: PenetratingItem[] };

/** Stored transit fields -> the engine's input (what the server sizes at save, and the browser previews). */
export function toTransitInput(
  transit: Pick<
    TransitSaveValues,
    | 'shape'
    | 'diameterMm'
    | 'widthMm'
    | 'heightMm'
    | 'radiusMm'
    | 'copies'
    | 'sparePercent'
    | 'penetratingItemTypeId'
    | 'transitTypeId'
    | 'classId'
    | 'sealantType'
    | 'sealantDepth'
    | 'crusherPipeConfiguration'
    | 'singleCrusherPipeId'
    | 'depthMm'
  >,
): TransitInput {
  return {
    shape: transit.shape,
    diameterMm: transit.diameterMm ?? null,
    widthMm: transit.widthMm ?? null,
    heightMm: transit.heightMm ?? null,
    cornerRadiusMm: transit.radiusMm ?? null,
    copies: transit.copies,
    sparePercent: transit.sparePercent ?? null,
    itemTypeId: transit.penetratingItemTypeId ?? null,
    transitTypeId: transit.transitTypeId ?? null,
    classId: transit.classId ?? null,
    sealantType: transit.sealantType ?? null,
    sealantDepth: transit.sealantDepth ?? null,
    pipeConfiguration: transit.crusherPipeConfiguration ?? null,
    singleCrusherPipeId: transit.singleCrusherPipeId ?? null,
    depthMm: transit.depthMm ?? null,
  };
}

/** Live penetrating item lines -> the engine's item input, in their order. */
export function toItemInputs(
  items: readonly {
    id?: string | undefined;
    quantity: number;
    outerDiameterMm: number;
    crusherId?: string | null | undefined;
    itemTypeId?: PenetratingItem['itemTypeId'] | undefined;
    isRemoved?: boolean | undefined;
  }[],
): ItemInput[] {
  return items
    .filter((item) => !item.isRemoved)
    .map((item) => ({
      ...(item.id ? { id: item.id } : {}),
      quantity: item.quantity,
      outerDiameterMm: item.outerDiameterMm,
      crusherId: item.crusherId ?? null,
      itemTypeId: item.itemTypeId ?? null,
    }));
}

/** Spec §7 POST /api/project/getTransitData {transitId} -> TransitData. Also duplicateTransit {transitId}. */
export const transitIdRequestSchema = z.object({ transitId: z.string().uuid() });
export type TransitIdRequest = z.infer<typeof transitIdRequestSchema>;

/** Spec §7 POST /api/project/saveTransit {transit} -> the saved Transit (results recomputed). */
export const saveTransitRequestSchema = z.object({ transit: transitInputSchema });
export type SaveTransitRequest = z.input<typeof saveTransitRequestSchema>;

/**
 * Spec §7 POST /api/project/savePenetratingItems {penetratingItems} -> TransitData (the transit's results are
 * recomputed). All lines belong to one transit (each carries `transitId`). `transitVersion` is the transit version
 * the user edited (items change the transit's results, so the transit's version guards them; VERSION_CONFLICT).
 */
/** The item lines of one save; the lines sent alone already exceeding the circle limit are refused here. */
const itemLinesSchema = z
  .array(penetratingItemInputSchema)
  .max(MAX_ITEMS_PER_SAVE)
  .superRefine((items, ctx) => {
    const message = tooManyCirclesMessage(circleCount(items));
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const savePenetratingItemsRequestSchema = z.object({
  penetratingItems: itemLinesSchema,
  transitVersion: z.number().int().positive().optional(),
  force: z.boolean().optional(),
});
export type SavePenetratingItemsRequest = z.input<typeof savePenetratingItemsRequestSchema>;

/** Most circles a layout sent with a save may carry: the largest transit allowed (MAX_TRANSIT_CIRCLES). */
export const MAX_LAYOUT_CIRCLES = MAX_TRANSIT_CIRCLES;

/**
 * The layout the browser found (ADR 004): one centre per circle, in the order the engine expands the saved
 * lines. Optional, and only a certificate: the server checks it with validateLayout and keeps it when it is valid in
 * the opening, otherwise it solves the packing itself, starting from this layout (repaired; ADR 039).
 */
export const packingLayoutSchema = z
  .object({
    centres: z
      .array(z.object({ xMm: z.number().finite(), yMm: z.number().finite() }).strict())
      .max(MAX_LAYOUT_CIRCLES),
  })
  .strict();
export type PackingLayout = z.infer<typeof packingLayoutSchema>;

/**
 * Spec §7 POST /api/project/savePenetratingItemsAndTransit {penetratingItems, transit} -> TransitData. One
 * transaction: both are saved or neither. A new transit (no id) gets the lines.
 */
export const savePenetratingItemsAndTransitRequestSchema = z.object({
  penetratingItems: itemLinesSchema,
  transit: transitInputSchema,
  layout: packingLayoutSchema.optional(),
});
export type SavePenetratingItemsAndTransitRequest = z.input<
  typeof savePenetratingItemsAndTransitRequestSchema
>;
