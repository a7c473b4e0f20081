import {
  allowedClasses,
  allowedSealants,
  allowedTransitTypes,
  pipeConfigurationOptions,
  sealantLayerOptions,
  type Catalogue,
} from '@sealplan/engine';
import {
  PENETRATING_ITEM_MESSAGES,
  TRANSIT_MESSAGES,
  checkMinimumDepth,
  type TransitSaveValues,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import type { ItemValuesIn } from './transit-values';

/** Checks of a save against the catalogue (spec §3–§5): each refusal names its field. */

/** Spec §3–§5 rules a saved transit must meet against the catalogue; field paths under `prefix`. */
export function checkTransitAgainstCatalogue(
  values: TransitSaveValues,
  catalogue: Catalogue,
  prefix = 'transit',
): void {
  const problems: Record<string, string> = {};
  const itemType = values.penetratingItemTypeId ?? null;
  const transitType = values.transitTypeId ?? null;
  if (
    itemType &&
    transitType &&
    !allowedTransitTypes(catalogue, itemType).some((t) => t.id === transitType)
  ) {
    problems[`${prefix}.transitTypeId`] = TRANSIT_MESSAGES.transitTypeNotAllowed;
  }
  if (
    itemType &&
    transitType &&
    values.classId &&
    !allowedClasses(catalogue, itemType, transitType).some((c) => c.id === values.classId)
  ) {
    problems[`${prefix}.classId`] = TRANSIT_MESSAGES.classNotAllowed;
  }
  if (itemType && values.classId && values.sealantType) {
    if (!allowedSealants(catalogue, itemType, values.classId).some((s) => s.id === values.sealantType)) {
      problems[`${prefix}.sealantType`] = TRANSIT_MESSAGES.sealantNotAllowed;
    }
  }
  // Spec §4: the sealant layers and pipe configurations the form offers for the transit type and shape.
  if (values.sealantDepth && !sealantLayerOptions(transitType).includes(values.sealantDepth)) {
    problems[`${prefix}.sealantDepth`] = TRANSIT_MESSAGES.sealantDepthNotAllowed;
  }
  if (
    values.crusherPipeConfiguration &&
    !pipeConfigurationOptions({ transitTypeId: transitType, shape: values.shape }).includes(
      values.crusherPipeConfiguration,
    )
  ) {
    problems[`${prefix}.crusherPipeConfiguration`] = TRANSIT_MESSAGES.pipeConfigurationNotAllowed;
  }
  if (values.singleCrusherPipeId && !catalogue.crushers.some((c) => c.id === values.singleCrusherPipeId)) {
    problems[`${prefix}.singleCrusherPipeId`] = TRANSIT_MESSAGES.pipeNotFound;
  }
  // Spec §5 minimum depth (the rule lives in contracts, shared with the web form).
  const depth = checkMinimumDepth(catalogue, {
    itemTypeId: itemType,
    classId: values.classId ?? null,
    depthMm: values.depthMm ?? null,
  });
  if (!depth.ok && depth.message) problems[`${prefix}.depthMm`] = depth.message;
  const first = Object.values(problems)[0];
  if (first) throw new AppError('VALIDATION_FAILED', first, problems);
}

export function checkItemsAgainstCatalogue(items: readonly ItemValuesIn[], catalogue: Catalogue): void {
  const problems: Record<string, string> = {};
  items.forEach((item, index) => {
    if (item.crusherId && !catalogue.crushers.some((c) => c.id === item.crusherId)) {
      problems[`penetratingItems.${index}.crusherId`] = PENETRATING_ITEM_MESSAGES.crusherNotFound;
    }
  });
  const first = Object.values(problems)[0];
  if (first) throw new AppError('VALIDATION_FAILED', first, problems);
}
