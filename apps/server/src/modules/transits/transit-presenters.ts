import type { TransitSizing } from '@sealplan/engine';
import type { PenetratingItem, Transit } from '@sealplan/contracts';
import type { CatalogueNames } from '../catalogue';
import type { ItemRow, TransitRow } from './transits.repository';

/** How transits and their items are answered (spec §3), from their stored rows. */

function reference(id: string | null, display: string | undefined, model: string) {
  return id ? { id, display: display ?? id, model } : null;
}

/** Spec §3 transit as answered, with references named from the catalogue. */
export function presentTransit(row: TransitRow, catalogue: CatalogueNames): Transit {
  const itemTypeId = row.penetratingItemTypeId as Transit['penetratingItemTypeId'];
  const transitTypeId = row.transitTypeId as Transit['transitTypeId'];
  const classId = row.classId as Transit['classId'];
  return {
    id: row.id,
    guid: row.guid,
    projectId: row.projectId,
    name: row.name,
    copies: row.copies,
    shape: row.shape as Transit['shape'],
    widthMm: row.widthMm,
    heightMm: row.heightMm,
    radiusMm: row.radiusMm,
    diameterMm: row.diameterMm,
    nominalSize: row.nominalSize,
    sparePercent: row.sparePercent,
    comments: row.comments,
    penetratingItemTypeId: itemTypeId ?? null,
    transitTypeId: transitTypeId ?? null,
    classId: classId ?? null,
    penetratingItemType: reference(
      row.penetratingItemTypeId,
      catalogue.itemTypes.find((t) => t.id === itemTypeId)?.name,
      'PenetratingItemType',
    ),
    transitType: reference(
      row.transitTypeId,
      catalogue.transitTypes.find((t) => t.id === transitTypeId)?.name,
      'TransitType',
    ),
    class: reference(row.classId, catalogue.classes.find((c) => c.id === classId)?.name, 'TransitClass'),
    sealantType: row.sealantType,
    sealantDepth: row.sealantDepth as Transit['sealantDepth'],
    crusherPipeConfiguration: row.crusherPipeConfiguration as Transit['crusherPipeConfiguration'],
    singleCrusherPipeId: row.singleCrusherPipeId,
    depthMm: row.depthMm,
    penetratingItemCount: row.penetratingItemCount,
    isRemoved: row.isRemoved,
    version: row.version,
    auditing: { createdOn: row.createdOn.toISOString(), lastUpdatedOn: row.lastUpdatedOn.toISOString() },
    results: (row.results ?? null) as TransitSizing | null,
  };
}

export function presentItem(row: ItemRow): PenetratingItem {
  return {
    id: row.id,
    guid: row.guid,
    transitId: row.transitId,
    itemTypeId: row.itemTypeId as PenetratingItem['itemTypeId'],
    quantity: row.quantity,
    outerDiameterMm: row.outerDiameterMm,
    crusherId: row.crusherId,
    plasticPipeDiameterMm: row.plasticPipeDiameterMm,
    sleevedDiameterMm: row.sleevedDiameterMm,
    diameterPlusClearanceMm: row.diameterPlusClearanceMm,
    tag: row.tag,
    specification: row.specification,
    sort: row.sort,
    isRemoved: row.isRemoved,
    version: row.version,
    auditing: { createdOn: row.createdOn.toISOString(), lastUpdatedOn: row.lastUpdatedOn.toISOString() },
  };
}
