import {
  RISE_ULTRA,
  engineMessage,
  nearlyEqual,
  normaliseTransit,
  roundTo,
  type Catalogue,
  type TransitInput,
} from '@sealplan/engine';
import { TRANSIT_MESSAGES, toTransitInput, type TransitSaveValues } from '@sealplan/contracts';
import { AppError } from '../../errors';

/** The spec §4 cascade applied to a save, with the engine's own rules (the browser runs the same). */

/** Fields the spec §4 cascade may set, as saved and as the engine names them. */
const CASCADED_FIELDS = [
  ['transitTypeId', 'transitTypeId'],
  ['classId', 'classId'],
  ['sealantType', 'sealantType'],
  ['sealantDepth', 'sealantDepth'],
  ['crusherPipeConfiguration', 'pipeConfiguration'],
  ['singleCrusherPipeId', 'singleCrusherPipeId'],
  ['shape', 'shape'],
  ['diameterMm', 'diameterMm'],
  ['depthMm', 'depthMm'],
] as const satisfies readonly (readonly [keyof TransitSaveValues, keyof TransitInput])[];

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return nearlyEqual(a, b);
  return a === b;
}

/**
 * ADR 010: what is stored is exactly what the engine computes with. Runs the engine's spec §4 cascade
 * (`normaliseTransit`) on the values to save: a field left empty takes what the cascade sets (the only transit
 * type or class left, the minimum depth, 'Double' layers, the single pipe's inside diameter); a field given that the
 * cascade would change is refused with its message, never rewritten. Call after `checkTransitAgainstCatalogue`,
 * which names the more specific refusals first.
 */
export function normaliseForSave(
  values: TransitSaveValues,
  catalogue: Catalogue,
  prefix = 'transit',
): TransitSaveValues {
  const { transit: normal } = normaliseTransit(catalogue, toTransitInput(values));
  const out: Record<string, unknown> = { ...values };
  const problems: Record<string, string> = {};
  for (const [field, engineField] of CASCADED_FIELDS) {
    const given = values[field] ?? null;
    const wanted = normal[engineField] ?? null;
    if (sameValue(given, wanted)) continue;
    if (given === null) {
      out[field] = wanted;
      continue;
    }
    problems[`${prefix}.${field}`] = cascadeMessage(field, normal);
  }
  const first = Object.values(problems)[0];
  if (first) throw new AppError('VALIDATION_FAILED', first, problems);
  return out as TransitSaveValues;
}

function cascadeMessage(field: (typeof CASCADED_FIELDS)[number][0], normal: TransitInput): string {
  switch (field) {
    case 'transitTypeId':
      return TRANSIT_MESSAGES.transitTypeNotAllowed;
    case 'classId':
      return TRANSIT_MESSAGES.classNotAllowed;
    case 'sealantType':
      return TRANSIT_MESSAGES.sealantNotAllowed;
    case 'sealantDepth':
      return TRANSIT_MESSAGES.sealantDepthNotAllowed;
    case 'crusherPipeConfiguration':
    case 'shape':
      return TRANSIT_MESSAGES.pipeConfigurationNotAllowed;
    case 'singleCrusherPipeId':
      return TRANSIT_MESSAGES.singlePipeNotAllowed;
    case 'diameterMm':
      return TRANSIT_MESSAGES.singlePipeDiameter.replace(
        '{diameter}',
        String(roundTo(normal.diameterMm ?? 0, 2)),
      );
    case 'depthMm':
      // Spec §4/§8: RISE_ULTRA depth is fixed at the minimum; the spec's text says how to get a longer one.
      return normal.transitTypeId === RISE_ULTRA
        ? engineMessage('RISE_ULTRA_LONGER_DEPTH').text
        : TRANSIT_MESSAGES.minimumDepth.replace('{min}', String(normal.depthMm));
  }
}
