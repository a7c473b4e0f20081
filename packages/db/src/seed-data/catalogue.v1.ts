// Catalogue seed, version 1. ONE source of truth: the figures are the engine's reference catalogue
// (packages/engine/src/testing/sample-catalogue.ts, which the engine's own tests run against), so the seeded
// tables, the engine tests and the browser previews can never disagree. This file adds what the tables need on top:
// the data version and, per row, which fields are sample values (research/catalogue.md: most figures are not
// public; the provenance of each kind of figure is in `sampleCatalogueProvenance` beside the data).

import type { Catalogue, CatalogueCrusher } from '@sealplan/engine';
// A deep import on purpose: the engine package exports only its public API; the reference data sits in testing/.
import { sampleCatalogue, sampleCatalogueProvenance } from '../../../engine/src/testing/sample-catalogue';

/** Bump when the seeded figures change; the seed step then reports that the tables hold an older version.
 * 2: steel pipe diameters exact from inches (ADR 010). */
export const CATALOGUE_DATA_VERSION = 2;

export const catalogueSeed: Catalogue = sampleCatalogue;
export const catalogueProvenance = sampleCatalogueProvenance;

/** Fields of each table whose values come from no public source (spec research), per row. */
export const catalogueSampleFields = {
  /** Class ids are the spec's fixed identifiers; the display names were chosen here. */
  classes: (): string[] => ['name'],
  sealants: (): string[] => ['name'],
  /** Spec §9 gives the sealant depth text only; the filler sleeve and cartridge figures are not public. */
  transitTypes: (): string[] => [
    'classes',
    'fillerSleeveType',
    'fillerSleeveDiameterMm',
    'sealantCartridgeSizeMl',
    'usableSealantCartridgeSizeMl',
  ],
  itemTypes: (): string[] => ['transitTypes', 'classes'],
  cableSleeves: (): string[] => ['cableMinMm', 'cableMaxMm', 'outerDiameterMm', 'articleNumber'],
  /** ASME B36.10M and ISO 161-1 diameters are public; the crusher plug sizes and article numbers are not. */
  crushers: (crusher: CatalogueCrusher): string[] =>
    crusher.itemTypeId === 'PIPE_PLASTIC' ? ['outerDiameterMm', 'articleNumber'] : [],
  /** Spec §9 table. */
  clearance: (): string[] => [],
} as const;

/** Spec §3 fixed identifiers: the industries, with their display names (ADR 030: per language). */
export const industriesSeed = [
  {
    id: 'ON_SHORE',
    name: 'On Shore',
    names: { 'de-DE': 'Onshore', 'fr-FR': 'À terre', 'zh-Hans': '陆上' },
    sort: 1,
  },
  {
    id: 'OFF_SHORE',
    name: 'Off Shore',
    names: { 'de-DE': 'Offshore', 'fr-FR': 'En mer', 'zh-Hans': '海上' },
    sort: 2,
  },
] as const;
