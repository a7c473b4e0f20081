import { z } from 'zod';
import { MAX_INPUT_ARRAY_LENGTH, singleLine } from './input-gate';
import { transitClassIdSchema, transitTypeIdSchema } from './catalogue';
import { LOCATION_MAX_DEPTH, LOCATION_NAME_MAX_LENGTH, LOCATION_PATH_SEPARATOR } from './site';
import {
  ITEM_SPECIFICATION_MAX_LENGTH,
  ITEM_TAG_MAX_LENGTH,
  MAX_ITEM_QUANTITY,
  MAX_TRANSIT_CIRCLES,
  MAX_TRANSIT_LENGTH_MM,
  TRANSIT_NAME_MAX_LENGTH,
} from './transits';

/**
 * ADR 020: a cable and pipe schedule imported into a transit or a whole project. The column guesser, the
 * cell parsers and every row rule live here, so the browser's preview and the server's import say the same thing
 * about each row; the server applies the whole import in one transaction or nothing.
 */

/**
 * The fields a schedule column can fill: the item's own (tag, specification as written, kind, outer diameter,
 * quantity), the transit it passes, the figures of a transit the import creates, and where the transit is (its
 * location's path in the project's location tree, ADR 031).
 */
export const SCHEDULE_FIELDS = [
  'tag',
  'specification',
  'type',
  'outerDiameter',
  'quantity',
  'transit',
  'transitShape',
  'transitSize',
  'transitType',
  'transitClass',
  'transitDepth',
  'location',
] as const;
export type ScheduleField = (typeof SCHEDULE_FIELDS)[number];
/** The fields that describe a transit the import creates (ADR 020, amended 2026-11-27), its location included. */
export const SCHEDULE_TRANSIT_FIELDS = [
  'transitShape',
  'transitSize',
  'transitType',
  'transitClass',
  'transitDepth',
  'location',
] as const satisfies readonly ScheduleField[];

/** Units a diameter column may be in; lengths are stored in mm. */
export const SCHEDULE_LENGTH_UNITS = ['MM', 'INCH'] as const;
export type ScheduleLengthUnit = (typeof SCHEDULE_LENGTH_UNITS)[number];
export const MM_PER_INCH = 25.4;

/** Most data rows one import may carry (2,000 are benchmarked; the input gate caps any list at 5,000). */
export const MAX_SCHEDULE_ROWS = MAX_INPUT_ARRAY_LENGTH - 1;
/** A schedule file's name as read and as the project's history names it. */
export const MAX_SCHEDULE_FILE_NAME_LENGTH = 255;
/** Most columns a schedule may have (what is read of a wider sheet is cut to this). */
export const MAX_SCHEDULE_COLUMNS = 40;
/** Longest cell text kept. */
export const MAX_SCHEDULE_CELL_LENGTH = 200;
/** Largest schedule file read (before base64): a 2,000-row XLSX is about 100 kB. */
export const MAX_SCHEDULE_FILE_BYTES = 4 * 1024 * 1024;
export const MAX_SCHEDULE_FILE_BASE64_CHARS = Math.ceil((MAX_SCHEDULE_FILE_BYTES * 4) / 3) + 4;
/**
 * Hostile files (ADR 020, amended 2026-11-27). An XLSX is a ZIP: 4 MB of it may unpack to gigabytes. A 4,999-row,
 * 40-column sheet with its shared strings unpacks to well under 50 MB, and a workbook has a few dozen entries.
 */
export const MAX_SCHEDULE_UNZIPPED_BYTES = 50 * 1024 * 1024;
export const MAX_SCHEDULE_ZIP_ENTRIES = 1_000;
export const MAX_SCHEDULE_SHEETS = 50;
/** Rows above the headings searched for the heading row (title blocks run to row 4–12, revision logs longer). */
export const MAX_HEADING_SEARCH_ROWS = 30;
/** Non-blank rows read of a file, all sheets together: a full import and a title block. */
export const MAX_SCHEDULE_READ_ROWS = MAX_SCHEDULE_ROWS + MAX_HEADING_SEARCH_ROWS;
/** A cell longer than this is no schedule cell: the file is refused (kept cells are cut to 200 characters). */
export const MAX_SCHEDULE_CELL_READ_LENGTH = 10_000;

export const SCHEDULE_MESSAGES = {
  diameterMissing: 'The outer diameter is missing.',
  diameterNotNumber: 'The outer diameter "{value}" is not a number.',
  diameterNotPositive: 'The outer diameter must be greater than 0.',
  diameterTooLarge: `The outer diameter must be at most ${MAX_TRANSIT_LENGTH_MM} mm.`,
  quantityNotWhole: 'The quantity "{value}" is not a whole number.',
  quantityOutOfRange: `The quantity must be from 1 to ${MAX_ITEM_QUANTITY}.`,
  typeUnknown: 'The kind "{value}" is not known: write cable, pipe or plastic pipe.',
  specificationTooLong: `The specification must be at most ${ITEM_SPECIFICATION_MAX_LENGTH} characters.`,
  transitMissing: 'The transit name is missing.',
  transitNameTooLong: `The transit name must be at most ${TRANSIT_NAME_MAX_LENGTH} characters.`,
  transitNotFound: 'There is no transit "{value}" in this project.',
  transitShapeUnknown: 'The shape "{value}" is not known: write round or rectangular.',
  transitSizeNotRead:
    'The opening "{value}" is not a size: write a diameter ("Ø150", "150 mm") or width x height ("600x300").',
  transitSizeTooLarge: `An opening must be at most ${MAX_TRANSIT_LENGTH_MM} mm.`,
  transitSizeShape: 'The opening "{value}" does not match the shape "{shape}".',
  transitTypeUnknown: 'There is no transit type "{value}" in the catalogue.',
  transitClassUnknown: 'There is no class "{value}" in the catalogue.',
  transitDepthNotNumber: 'The depth "{value}" is not a length.',
  transitDepthOutOfRange: `The depth must be greater than 0 and at most ${MAX_TRANSIT_LENGTH_MM} mm.`,
  locationTooDeep: `The location "{value}" has more than ${LOCATION_MAX_DEPTH} levels.`,
  locationName: `Each level of the location "{value}" must be text on one line of at most ${LOCATION_NAME_MAX_LENGTH} characters.`,
  locationKept: 'Transit "{transit}" stays at "{location}"; the location "{value}" is not applied.',
  transitDiffers: 'Transit "{transit}": the {field} "{value}" differs from row {row} ("{other}").',
  tagTooLong: `The tag must be at most ${ITEM_TAG_MAX_LENGTH} characters.`,
  duplicateInFile: 'The tag "{value}" is also on row {row}.',
  duplicateInTransit: 'The tag "{value}" is already in transit "{transit}".',
  tooManyCircles: `Transit "{transit}" would hold {count} items; at most ${MAX_TRANSIT_CIRCLES} fit in one transit.`,
  noStandardOpening: 'Transit "{transit}": no standard opening is large enough for its items.',
  mappingDiameterRequired: 'Choose the column with the outer diameter.',
  mappingTransitRequired: 'Choose the column with the transit name, or import into one transit.',
  mappingColumnTwice: 'A column can fill only one field.',
  noRows: 'The schedule has no rows to import.',
  tooManyRows: `A schedule may have at most ${MAX_SCHEDULE_ROWS} rows.`,
  fileUnreadable: 'The file could not be read as CSV or XLSX.',
  fileEmpty: 'The file has no rows.',
  fileTooLarge: `The file is larger than ${MAX_SCHEDULE_FILE_BYTES / 1024 / 1024} MB.`,
  fileTooManyRows: `The file has more than ${MAX_SCHEDULE_READ_ROWS.toLocaleString('en')} rows; an import takes at most ${MAX_SCHEDULE_ROWS.toLocaleString('en')}: split the schedule.`,
  fileTooManySheets: `The workbook has more than ${MAX_SCHEDULE_SHEETS} sheets.`,
  zipTooLarge: `The workbook unpacks to more than ${MAX_SCHEDULE_UNZIPPED_BYTES / 1024 / 1024} MB; a schedule is far smaller. Save the list alone as a new workbook or as CSV.`,
  zipTooManyEntries: `The workbook holds more than ${MAX_SCHEDULE_ZIP_ENTRIES.toLocaleString('en')} parts; a schedule has far fewer.`,
  cellTooLong: `Sheet "{sheet}", row {row}, column {column} holds {length} characters; a cell may hold at most ${MAX_SCHEDULE_CELL_READ_LENGTH.toLocaleString('en')}.`,
  projectNotFound: 'Project not found.',
  targetTransitNotFound: 'Transit not found.',
  rejected: 'Nothing was imported: {count} rows have problems. Correct them and import again.',
} as const;

/** Fills `{name}` placeholders of a message. */
export function scheduleMessage(message: string, params: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

const columnIndex = z.number().int().min(0).max(MAX_SCHEDULE_COLUMNS).nullable();

/**
 * Which column (0-based, null: none) fills each field. The fields added after the first release default to null,
 * so an older client's mapping still reads.
 */
export const scheduleMappingSchema = z.object({
  tag: columnIndex,
  specification: columnIndex.default(null),
  type: columnIndex,
  outerDiameter: columnIndex,
  quantity: columnIndex,
  transit: columnIndex,
  transitShape: columnIndex.default(null),
  transitSize: columnIndex.default(null),
  transitType: columnIndex.default(null),
  transitClass: columnIndex.default(null),
  transitDepth: columnIndex.default(null),
  location: columnIndex.default(null),
});
export type ScheduleMapping = z.output<typeof scheduleMappingSchema>;

export const EMPTY_MAPPING: ScheduleMapping = Object.fromEntries(
  SCHEDULE_FIELDS.map((field) => [field, null]),
) as ScheduleMapping;

const rememberedHeading = z.string().max(MAX_SCHEDULE_CELL_LENGTH).nullable();
/** What an organization's last import mapped: headings per field and the diameter unit, to map the next file. */
export const rememberedMappingSchema = z.object({
  headings: z.object(
    Object.fromEntries(SCHEDULE_FIELDS.map((field) => [field, rememberedHeading.default(null)])) as Record<
      ScheduleField,
      z.ZodDefault<typeof rememberedHeading>
    >,
  ),
  diameterUnit: z.enum(SCHEDULE_LENGTH_UNITS),
});
export type RememberedMapping = z.output<typeof rememberedMappingSchema>;

/** Heading text as compared: no accents, Norwegian letters spelt out, lower case, words and digits. */
const normalise = (heading: string) =>
  heading
    .replace(/ß/g, 'ss')
    // ø inside a word is a Norwegian letter ("Gjennomføring"); alone it is the diameter sign.
    .replace(/(?<=\p{L})[Øø]|[Øø](?=\p{L})/gu, 'o')
    .replace(/[Øø]/g, ' ø ')
    .replace(/[Ææ]/g, 'ae')
    .replace(/[Åå]/g, 'a')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\u00f8\u4e00-\u9fff"]+/g, ' ')
    .trim();

/**
 * Heading words per field, strongest first: English, German, French, Norwegian and Chinese headings of real cable
 * schedules ("Cable No.", "Kabelnummer", "Repère", "Kabelnr.", "电缆编号", "OD", "Ø", "Außendurchmesser", "Ytre
 * diameter", "Qty", "Antall", "Penetration", "Gjennomføring"). "Cable type" is a specification ("RFOU(i) 3x35"),
 * not the item's kind; a bare "Type" is decided by its values (guessMapping).
 */
const HEADING_PATTERNS: Record<ScheduleField, RegExp[]> = {
  tag: [
    /\b(tag|tag no|tag number|cable tag|cable no|cable nr|cable number|cable id|circuit|kks|bmk|kabelnummer|kabelnr|kabel nr|kabel no|kabelbezeichnung|ledningsnr|n cable|no cable|numero cable)\b/,
    /\b(designation|kennzeichnung|bezeichnung|repere|reference|ref|id|name|numero|nr|no)\b/,
    /(电缆编号|编号|位号|标签)/,
  ],
  specification: [
    /\b(cable type|cable spec|cable specification|type designation|kabeltyp|kabeltype|kabeltypen|type de cable|type cable|pipe spec|pipe type|rohrtyp|specification|spec|spesifikasjon|spezifikation|cable code|cores x mm2)\b/,
    /(电缆型号|型号|规格)/,
  ],
  type: [
    /\b(item type|item kind|kind|category|art|sorte|nature|kategorie|kategori|slag)\b/,
    /\b(type|typ)\b/,
    /(类型|种类|类别)/,
  ],
  outerDiameter: [
    /\b(od|o d|outer diameter|outside diameter|outer dia|cable od|cable diameter|diameter|dia|ytre diameter|ytterdiameter|utvendig diameter)\b/,
    /\b(aussendurchmesser|durchmesser|diametre exterieur|diametre|ad)\b|(^|\s)ø(\s|$)/,
    /(外径|直径)/,
  ],
  quantity: [
    /\b(qty|quantity|count|number of|no of|pcs|anzahl|menge|stuck|stk|quantite|qte|nombre|nb|antall|ant|stk)\b/,
    /(数量)/,
  ],
  transit: [
    /\b(transit|transit name|penetration|mct|durchfuhrung|durchfuehrung|schott|traversee|passage|gjennomforing|gjennomfoering|route)\b/,
    /\b(opening|wall)\b/,
    /(贯穿件|贯穿)/,
  ],
  transitShape: [/\b(transit shape|opening shape|shape|form|forme|fasong)\b/, /(形状)/],
  transitSize: [
    /\b(transit size|opening size|opening|size of opening|frame size|offnung|oeffnung|grosse|ouverture|apning|hull|hole)\b/,
    /(开孔|开口)/,
  ],
  transitType: [
    /\b(transit type|frame type|system|transit system|durchfuhrungstyp|type de traversee|gjennomforingstype)\b/,
    /(贯穿件类型)/,
  ],
  transitClass: [
    /\b(class|fire class|rating|fire rating|klasse|brandklasse|classe|brannklasse)\b/,
    /(等级|防火等级)/,
  ],
  transitDepth: [
    /\b(depth|transit depth|wall thickness|tiefe|wanddicke|profondeur|dybde|tykkelse)\b/,
    /(深度|厚度)/,
  ],
  // Where the transit is (ADR 031): "Location", "Transit location", "Einbauort", "Emplacement", "Lokasjon", "位置";
  // a heading that is only a place word ("Area", "Deck", "Room", "Frame", "Raum", "Dekk", "Local") is one too.
  location: [
    /\b(location|transit location|penetration location|lokasjon|plassering|emplacement|einbauort|standort|ort|localisation)\b/,
    /^(area|room|deck|frame|deck frame|deck room|space|compartment|zone|raum|bereich|spant|dekk|rom|omrade|pont|local|salle|couple)$/,
    /(位置|区域|房间|甲板|舱室|部位)/,
  ],
};

/** Unit a length heading names ("OD [in]", "Ø (inch)"), or null. */
export function unitFromHeading(heading: string): ScheduleLengthUnit | null {
  const h = normalise(heading);
  if (/\b(in|inch|inches|zoll|pouce|pouces|tommer)\b|"/.test(h) || heading.includes('″')) return 'INCH';
  if (/\bmm\b/.test(h)) return 'MM';
  return null;
}

/** Which field a heading names by its words alone (the strongest pattern), or null. */
function fieldOfHeading(normalised: string): { field: ScheduleField; strength: number } | null {
  if (normalised === '') return null;
  let best: { field: ScheduleField; strength: number } | null = null;
  for (const field of SCHEDULE_FIELDS) {
    HEADING_PATTERNS[field].forEach((pattern, strength) => {
      if (pattern.test(normalised) && (best === null || strength < best.strength)) best = { field, strength };
    });
  }
  return best;
}

/** Heading cells are short words; a longer cell is a title or a note. */
const MAX_HEADING_WORDS = 6;

/**
 * The heading row of a sheet: among its first rows, the one whose cells name the most distinct fields (an outer
 * diameter counting double, as no import runs without it); the first such row. A sheet with no recognisable
 * heading keeps its first row. `score` lets the reader offer the sheet that looks most like a schedule.
 */
export function findHeadingRow(rows: readonly (readonly string[])[]): { index: number; score: number } {
  let index = 0;
  let score = 0;
  rows.slice(0, MAX_HEADING_SEARCH_ROWS).forEach((row, i) => {
    const fields = new Set<ScheduleField>();
    for (const text of row) {
      const h = normalise(text);
      if (h === '' || h.split(' ').length > MAX_HEADING_WORDS || parseScheduleNumber(text) !== null) continue;
      const found = fieldOfHeading(h);
      if (found) fields.add(found.field);
    }
    const rowScore = fields.size + (fields.has('outerDiameter') ? 1 : 0);
    if (rowScore > score) {
      index = i;
      score = rowScore;
    }
  });
  return { index, score };
}

/** "A", "B", … "AA": a column as a spreadsheet names it (0-based index). */
export function columnLetter(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    name = String.fromCharCode(65 + rest) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** Values that name an item's kind: a column mostly of these is the kind, else a specification. */
function mostlyKinds(rows: readonly (readonly string[])[], column: number): boolean {
  const values = rows.map((r) => (r[column] ?? '').trim()).filter((v) => v !== '');
  if (values.length === 0) return true;
  const kinds = values.filter((v) => parseItemType(v) !== 'UNKNOWN').length;
  return kinds * 2 >= values.length;
}

/**
 * Guesses which column fills each field from the headings: the remembered mapping of the organization first (same
 * heading text), then heading words. A column fills at most one field; diameter and transit are guessed first, as
 * the import cannot run without them. A column headed only "Type" is the kind when its values are kinds (cable,
 * pipe) and the specification otherwise (`rows`: the data rows, when known).
 */
export function guessMapping(
  headings: readonly string[],
  remembered?: RememberedMapping | null,
  rows: readonly (readonly string[])[] = [],
): { mapping: ScheduleMapping; diameterUnit: ScheduleLengthUnit; fromRemembered: boolean } {
  const mapping: ScheduleMapping = { ...EMPTY_MAPPING };
  const taken = new Set<number>();
  const norm = headings.map(normalise);
  let fromRemembered = false;
  if (remembered) {
    for (const field of SCHEDULE_FIELDS) {
      const wanted = remembered.headings[field];
      if (wanted === null || wanted === undefined) continue;
      const index = norm.findIndex((h, i) => !taken.has(i) && h === normalise(wanted));
      if (index >= 0) {
        mapping[field] = index;
        taken.add(index);
        fromRemembered = true;
      }
    }
  }
  const order: ScheduleField[] = [
    'outerDiameter',
    'location',
    'transitType',
    'transitShape',
    'transitSize',
    'transitClass',
    'transitDepth',
    'transit',
    'quantity',
    'specification',
    'tag',
    'type',
  ];
  for (const field of order) {
    if (mapping[field] !== null) continue;
    for (const pattern of HEADING_PATTERNS[field]) {
      const index = norm.findIndex((h, i) => !taken.has(i) && h !== '' && pattern.test(h));
      if (index < 0) continue;
      if (field === 'type' && !mostlyKinds(rows, index)) {
        if (mapping.specification === null) {
          mapping.specification = index;
          taken.add(index);
        }
        break;
      }
      mapping[field] = index;
      taken.add(index);
      break;
    }
  }
  const diameterHeading = mapping.outerDiameter !== null ? headings[mapping.outerDiameter]! : '';
  const diameterUnit =
    unitFromHeading(diameterHeading) ?? (fromRemembered && remembered ? remembered.diameterUnit : 'MM');
  return { mapping, diameterUnit, fromRemembered };
}

/** The headings a mapping uses, to remember for the organization's next import. */
export function rememberMapping(
  headings: readonly string[],
  mapping: ScheduleMapping,
  diameterUnit: ScheduleLengthUnit,
): RememberedMapping {
  const heading = (i: number | null) =>
    i === null ? null : (headings[i] ?? '').slice(0, MAX_SCHEDULE_CELL_LENGTH);
  return {
    headings: Object.fromEntries(
      SCHEDULE_FIELDS.map((field) => [field, heading(mapping[field])]),
    ) as RememberedMapping['headings'],
    diameterUnit,
  };
}

/** Mapping problems that stop the whole import (field -> message). */
export function mappingProblems(mapping: ScheduleMapping, intoOneTransit: boolean): Record<string, string> {
  const problems: Record<string, string> = {};
  if (mapping.outerDiameter === null) problems.outerDiameter = SCHEDULE_MESSAGES.mappingDiameterRequired;
  if (!intoOneTransit && mapping.transit === null)
    problems.transit = SCHEDULE_MESSAGES.mappingTransitRequired;
  const used = new Map<number, ScheduleField>();
  for (const field of SCHEDULE_FIELDS) {
    const column = mapping[field];
    if (column === null) continue;
    if (used.has(column)) problems[field] = SCHEDULE_MESSAGES.mappingColumnTwice;
    used.set(column, field);
  }
  return problems;
}

/** Unicode fractions as people type inch sizes ("1¼ in"). */
const VULGAR_FRACTIONS: Record<string, string> = {
  '¼': ' 1/4',
  '½': ' 1/2',
  '¾': ' 3/4',
  '⅛': ' 1/8',
  '⅜': ' 3/8',
  '⅝': ' 5/8',
  '⅞': ' 7/8',
  '⅓': ' 1/3',
  '⅔': ' 2/3',
};
const INCH_UNIT = /\s*(in|inch|inches|"|″|''|zoll|tommer|pouces?)\s*\.?$/i;
const MM_UNIT = /\s*(mm|millimetres?|millimeters?|millimeter)\s*\.?$/i;
/** Spaces of every kind (no-break, thin, narrow no-break), as cells copied from documents carry them. */
const ANY_SPACE = /[\s\u00a0\u2007\u2009\u202f]+/g;

/** A number and the unit the cell itself states ("35 mm", "1 1/4\"", "1¼ in"), or null when not a number. */
export function parseScheduleLength(text: string): { value: number; unit: ScheduleLengthUnit | null } | null {
  let s = text
    .replace(ANY_SPACE, ' ')
    .replace(/[¼½¾⅛⅜⅝⅞⅓⅔]/g, (f) => VULGAR_FRACTIONS[f]!)
    .trim();
  let unit: ScheduleLengthUnit | null = null;
  if (INCH_UNIT.test(s)) {
    unit = 'INCH';
    s = s.replace(INCH_UNIT, '');
  } else if (MM_UNIT.test(s)) {
    unit = 'MM';
    s = s.replace(MM_UNIT, '');
  }
  s = s.replace(/^(ø|Ø|⌀|od|dia\.?)\s*/i, '').trim();
  if (s === '') return null;
  const fraction = /^(?:(\d+)(?:\s+|\s*-\s*))?(\d+)\s*\/\s*(\d+)$/.exec(s);
  if (fraction) {
    const whole = fraction[1] ? Number(fraction[1]) : 0;
    const den = Number(fraction[3]);
    return den > 0 ? { value: whole + Number(fraction[2]) / den, unit } : null;
  }
  s = s.replace(/[\s']/g, '');
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    // The later separator is the decimal one; the other groups thousands.
    s = comma > dot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (comma >= 0) {
    // One comma with other than three digits after it is a decimal comma; "1,234" groups thousands.
    s = /^-?\d{1,3}(,\d{3})+$/.test(s) ? s.replace(/,/g, '') : s.replace(',', '.');
  } else if (/^-?\d{1,3}(\.\d{3}){2,}$/.test(s)) {
    // "1.234.567": dots grouping thousands.
    s = s.replace(/\./g, '');
  }
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? { value: n, unit } : null;
}

/**
 * A number as spreadsheets write it: "12.5", "12,5" (decimal comma), "1,234.5", "1.234,5", "12 mm", "0.75 in",
 * "3/4", "1 1/2" or "1¼" (inch fractions). Answers null when it is not a number.
 */
export function parseScheduleNumber(text: string): number | null {
  return parseScheduleLength(text)?.value ?? null;
}

/** A length in mm: the cell's own unit first ("35 mm" in an inch column is 35 mm), else the column's. */
export function scheduleLengthMm(text: string, columnUnit: ScheduleLengthUnit): number | null {
  const read = parseScheduleLength(text);
  if (read === null) return null;
  return (read.unit ?? columnUnit) === 'INCH' ? read.value * MM_PER_INCH : read.value;
}

/** Item kind words (en, de, fr, nb, zh); null: the cell is empty. Answers 'UNKNOWN' for a word not known. */
export function parseItemType(text: string): 'CABLE' | 'PIPE' | 'PIPE_PLASTIC' | null | 'UNKNOWN' {
  const t = normalise(text);
  if (t === '' || /^[-–—]$/.test(text.trim())) return null;
  // Plastic first: "Kunststoffrohr" and "PVC pipe" are plastic pipes, not pipes.
  if (/plastic|plastique|kunststoff|plast|\b(pvc|pe|pp|pex|hdpe|abs|grp)\b|塑料/.test(t))
    return 'PIPE_PLASTIC';
  if (/\b(cables?|kabel|kabler|wire|leitung)\b|电缆|线缆/.test(t)) return 'CABLE';
  if (/\b(pipes?|rohre?|tuyau|tube|conduit|ror)\b|管/.test(t)) return 'PIPE';
  return 'UNKNOWN';
}

export type ScheduleItemType = 'CABLE' | 'PIPE' | 'PIPE_PLASTIC';
export const SCHEDULE_ITEM_TYPES = ['CABLE', 'PIPE', 'PIPE_PLASTIC'] as const;

export type ScheduleTransitShape = 'ROUND' | 'RECTANGLE';

/** Shape words (en, de, fr, nb, zh). */
export function parseTransitShape(text: string): ScheduleTransitShape | null | 'UNKNOWN' {
  const t = normalise(text);
  if (t === '') return null;
  if (/\b(round|circular|circle|rund|rond|ronde|sirkular|core drill|sleeve|pipe)\b|圆/.test(t))
    return 'ROUND';
  if (
    /\b(rect|rectangle|rectangular|rechteck|rechteckig|rectangulaire|rektangulaer|square|frame|rahmen|ramme|cadre)\b|矩|方/.test(
      t,
    )
  )
    return 'RECTANGLE';
  return 'UNKNOWN';
}

/** An opening as written: "Ø150", "150 mm", "6 in" (round) or "600x300", "600 × 300 mm" (width x height). */
export function parseTransitSize(
  text: string,
  columnUnit: ScheduleLengthUnit,
): { diameterMm: number } | { widthMm: number; heightMm: number } | null {
  const t = text.trim();
  const pair = /^(.+?)\s*[x×*X]\s*(.+?)$/.exec(t.replace(/^(ø|Ø|⌀)\s*/, ''));
  if (pair) {
    // "600x300 mm": the unit after the second figure is the pair's.
    const unit = parseScheduleLength(pair[2]!)?.unit ?? columnUnit;
    const w = scheduleLengthMm(pair[1]!, unit);
    const h = scheduleLengthMm(pair[2]!, unit);
    return w !== null && h !== null ? { widthMm: w, heightMm: h } : null;
  }
  const d = scheduleLengthMm(t, columnUnit);
  return d === null ? null : { diameterMm: d };
}

/** The figures of a transit as one row gives them (any of them may be missing). */
export interface ScheduleTransitValue {
  shape: ScheduleTransitShape | null;
  diameterMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  /** Catalogue ids, resolved from the names when the rules are given the catalogue. */
  transitTypeId: string | null;
  classId: string | null;
  depthMm: number | null;
  /** Where the transit is: its location's path from the root ("Deck 3", "Engine room"), null when not given. */
  location: string[] | null;
}

/** A row that gives no transit figures. */
export const NO_TRANSIT_FIGURES: Readonly<ScheduleTransitValue> = {
  shape: null,
  diameterMm: null,
  widthMm: null,
  heightMm: null,
  transitTypeId: null,
  classId: null,
  depthMm: null,
  location: null,
};

/** One data row as the rules read it. */
export interface ScheduleRowValue {
  tag: string | null;
  specification: string | null;
  itemTypeId: ScheduleItemType | null;
  outerDiameterMm: number;
  quantity: number;
  transitName: string | null;
  transit: ScheduleTransitValue;
}

export interface ScheduleRowProblem {
  field: ScheduleField;
  /** The 0-based column the problem is in (null: none, e.g. a missing transit column). */
  column: number | null;
  message: string;
}

export type ScheduleRowCheck =
  { ok: true; value: ScheduleRowValue } | { ok: false; problems: ScheduleRowProblem[] };

const cell = (row: readonly string[], column: number | null) =>
  column === null ? '' : (row[column] ?? '').replace(ANY_SPACE, ' ').trim();

/** True when every cell of the row is empty (such rows are passed over, as spreadsheets leave them). */
export function isBlankRow(row: readonly string[]): boolean {
  return row.every((c) => c.replace(ANY_SPACE, '').trim() === '');
}

const TOTAL_WORDS =
  /^(sub ?total|total|totals|sum|summe|zwischensumme|gesamt|somme|sous total|sum totalt|totalt|delsum|合计|小计|总计)\b/;

/**
 * A subtotal or section row between the data ("Total", "Summe", "DECK 2 — ENGINE ROOM"): it has no outer
 * diameter and no tag of its own, or its first filled cell says total. Such rows are passed over, like blank ones.
 */
export function isSectionRow(row: readonly string[], mapping: ScheduleMapping): boolean {
  const first = row.find((c) => c.trim() !== '') ?? '';
  if (TOTAL_WORDS.test(normalise(first))) return true;
  const filled = row.filter((c) => c.trim() !== '');
  return (
    filled.length === 1 &&
    filled[0]!.trim().split(/\s+/).length > 1 &&
    cell(row, mapping.outerDiameter) === '' &&
    cell(row, mapping.quantity) === ''
  );
}

/** Names to catalogue ids, for the transit columns (the server gives them; the preview may not). */
export interface ScheduleCatalogueNames {
  transitTypes: readonly { id: string; name: string }[];
  classes: readonly { id: string; name: string }[];
}

/** A catalogue name as schedules shorten it: "A-60" for "A-60 Class", "Rise ultra" for "RISE ULTRA". */
const catalogueKey = (text: string) =>
  normalise(text)
    .replace(/\s*\b(class|klasse|classe)\b\s*/g, ' ')
    .trim();

function lookUp(list: readonly { id: string; name: string }[], text: string): string | null {
  const t = catalogueKey(text);
  return list.find((e) => catalogueKey(e.name) === t || catalogueKey(e.id) === t)?.id ?? null;
}

export interface ScheduleRowOptions {
  diameterUnit: ScheduleLengthUnit;
  intoOneTransit: boolean;
  /** The kind of rows that name none (no kind column, or an empty cell). */
  defaultItemType?: ScheduleItemType | null;
  /** The unit of the transit size and depth columns when the cells name none. */
  transitUnit?: ScheduleLengthUnit;
  catalogue?: ScheduleCatalogueNames | null;
}

/** The rules of one row (spec §5 item rules, in the file's units): its value, or every problem it has. */
export function checkScheduleRow(
  row: readonly string[],
  mapping: ScheduleMapping,
  options: ScheduleRowOptions,
): ScheduleRowCheck {
  const problems: ScheduleRowProblem[] = [];
  const problem = (field: ScheduleField, message: string) =>
    problems.push({ field, column: mapping[field], message });
  const diameterText = cell(row, mapping.outerDiameter);
  let outerDiameterMm = 0;
  if (diameterText === '' || /^[-–—]$/.test(diameterText))
    problem('outerDiameter', SCHEDULE_MESSAGES.diameterMissing);
  else {
    const mm = scheduleLengthMm(diameterText, options.diameterUnit);
    if (mm === null)
      problem('outerDiameter', scheduleMessage(SCHEDULE_MESSAGES.diameterNotNumber, { value: diameterText }));
    else {
      outerDiameterMm = mm;
      if (outerDiameterMm <= 0) problem('outerDiameter', SCHEDULE_MESSAGES.diameterNotPositive);
      else if (outerDiameterMm > MAX_TRANSIT_LENGTH_MM)
        problem('outerDiameter', SCHEDULE_MESSAGES.diameterTooLarge);
    }
  }
  const quantityText = cell(row, mapping.quantity).replace(/\s*(pcs|stk|stück|stuck|x)\.?$/i, '');
  let quantity = 1;
  if (quantityText !== '') {
    const n = parseScheduleNumber(quantityText);
    if (n === null || !Number.isInteger(n))
      problem('quantity', scheduleMessage(SCHEDULE_MESSAGES.quantityNotWhole, { value: quantityText }));
    else if (n < 1 || n > MAX_ITEM_QUANTITY) problem('quantity', SCHEDULE_MESSAGES.quantityOutOfRange);
    else quantity = n;
  }
  const typeText = cell(row, mapping.type);
  const type = parseItemType(typeText);
  if (type === 'UNKNOWN')
    problem('type', scheduleMessage(SCHEDULE_MESSAGES.typeUnknown, { value: typeText }));
  const specification = cell(row, mapping.specification);
  if (specification.length > ITEM_SPECIFICATION_MAX_LENGTH)
    problem('specification', SCHEDULE_MESSAGES.specificationTooLong);
  const tag = cell(row, mapping.tag);
  if (tag.length > ITEM_TAG_MAX_LENGTH) problem('tag', SCHEDULE_MESSAGES.tagTooLong);
  const transitName = cell(row, mapping.transit);
  if (!options.intoOneTransit) {
    if (transitName === '') problem('transit', SCHEDULE_MESSAGES.transitMissing);
    else if (transitName.length > TRANSIT_NAME_MAX_LENGTH)
      problem('transit', SCHEDULE_MESSAGES.transitNameTooLong);
  }
  const transit = readTransitCells(row, mapping, options, problem);
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      tag: tag || null,
      specification: specification || null,
      itemTypeId: type === 'UNKNOWN' ? null : (type ?? options.defaultItemType ?? null),
      outerDiameterMm,
      quantity,
      transitName: options.intoOneTransit ? null : transitName,
      transit,
    },
  };
}

function readTransitCells(
  row: readonly string[],
  mapping: ScheduleMapping,
  options: ScheduleRowOptions,
  problem: (field: ScheduleField, message: string) => void,
): ScheduleTransitValue {
  const unit = options.transitUnit ?? 'MM';
  const value: ScheduleTransitValue = { ...NO_TRANSIT_FIGURES };
  const shapeText = cell(row, mapping.transitShape);
  const shape = parseTransitShape(shapeText);
  if (shape === 'UNKNOWN')
    problem('transitShape', scheduleMessage(SCHEDULE_MESSAGES.transitShapeUnknown, { value: shapeText }));
  else value.shape = shape;
  const sizeText = cell(row, mapping.transitSize);
  if (sizeText !== '') {
    const size = parseTransitSize(sizeText, unit);
    if (size === null)
      problem('transitSize', scheduleMessage(SCHEDULE_MESSAGES.transitSizeNotRead, { value: sizeText }));
    else {
      const figures = Object.values(size) as number[];
      if (figures.some((n) => n <= 0 || n > MAX_TRANSIT_LENGTH_MM))
        problem('transitSize', SCHEDULE_MESSAGES.transitSizeTooLarge);
      const sizeShape: ScheduleTransitShape = 'diameterMm' in size ? 'ROUND' : 'RECTANGLE';
      if (value.shape !== null && value.shape !== sizeShape)
        problem(
          'transitSize',
          scheduleMessage(SCHEDULE_MESSAGES.transitSizeShape, { value: sizeText, shape: shapeText }),
        );
      value.shape = sizeShape;
      if ('diameterMm' in size) value.diameterMm = size.diameterMm;
      else {
        value.widthMm = size.widthMm;
        value.heightMm = size.heightMm;
      }
    }
  }
  const typeText = cell(row, mapping.transitType);
  if (typeText !== '' && options.catalogue) {
    value.transitTypeId = lookUp(options.catalogue.transitTypes, typeText);
    if (value.transitTypeId === null)
      problem('transitType', scheduleMessage(SCHEDULE_MESSAGES.transitTypeUnknown, { value: typeText }));
  }
  const classText = cell(row, mapping.transitClass);
  if (classText !== '' && options.catalogue) {
    value.classId = lookUp(options.catalogue.classes, classText);
    if (value.classId === null)
      problem('transitClass', scheduleMessage(SCHEDULE_MESSAGES.transitClassUnknown, { value: classText }));
  }
  const depthText = cell(row, mapping.transitDepth);
  if (depthText !== '') {
    const depth = scheduleLengthMm(depthText, unit);
    if (depth === null)
      problem('transitDepth', scheduleMessage(SCHEDULE_MESSAGES.transitDepthNotNumber, { value: depthText }));
    else if (depth <= 0 || depth > MAX_TRANSIT_LENGTH_MM)
      problem('transitDepth', SCHEDULE_MESSAGES.transitDepthOutOfRange);
    else value.depthMm = depth;
  }
  const locationText = cell(row, mapping.location);
  const location = parseLocationPath(locationText);
  if (location.length > LOCATION_MAX_DEPTH)
    problem('location', scheduleMessage(SCHEDULE_MESSAGES.locationTooDeep, { value: locationText }));
  else if (location.some((name) => name.length > LOCATION_NAME_MAX_LENGTH || NOT_ONE_LINE.test(name)))
    problem('location', scheduleMessage(SCHEDULE_MESSAGES.locationName, { value: locationText }));
  else if (location.length > 0) value.location = location;
  return value;
}

/** Control characters and line separators: a location's name is one line of text (ADR 031's input gate). */
// eslint-disable-next-line no-control-regex
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A location cell as schedules write a place (ADR 031): "Deck 3 / Engine room", "Deck 3 > ER", "Deck 3 › Frame 42",
 * "Deck 3 \ ER" are paths from the root of the project's location tree. A slash between two digits is part of a
 * name ("Frame 42/43", "1/2"), not a step down. Empty levels ("Deck 3 // ER") are left out; a dash is no location.
 */
export function parseLocationPath(text: string): string[] {
  const t = text.replace(ANY_SPACE, ' ').trim();
  if (t === '' || /^[-–—]$/.test(t)) return [];
  return t
    .split(/\s*(?:>|›|»|→|\\|(?<!\d)\/|\/(?!\d))\s*/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** A location path as every screen and document writes it: "Deck 3 › Engine room". */
export function locationPathText(path: readonly string[]): string {
  return path.join(LOCATION_PATH_SEPARATOR);
}

/** Location names match without regard to case and repeated spaces, as transit names do. */
export function locationKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/** Transit names match without regard to case and surrounding or repeated spaces. */
export function transitKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/** Tags match without regard to case and spaces ("W 101" and "w101" are one cable). */
export function tagKey(tag: string): string {
  return tag.replace(/\s+/g, '').toLocaleLowerCase('en');
}

/**
 * Splits pasted spreadsheet cells (tab-separated lines, as Excel, LibreOffice and Google Sheets copy them; quoted
 * cells may hold tabs and line breaks) into rows of cells.
 */
export function parsePastedCells(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cellText = '';
  let quoted = false;
  let i = 0;
  const input = text.replace(/\r\n?/g, '\n');
  while (i < input.length) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        cellText += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else cellText += ch;
      i++;
      continue;
    }
    if (ch === '"' && cellText === '') quoted = true;
    else if (ch === '\t') {
      row.push(cellText);
      cellText = '';
    } else if (ch === '\n') {
      row.push(cellText);
      rows.push(row);
      row = [];
      cellText = '';
    } else cellText += ch;
    i++;
  }
  if (cellText !== '' || row.length > 0) {
    row.push(cellText);
    rows.push(row);
  }
  return rows.filter((r) => !isBlankRow(r));
}

/** Cuts a table to the limits (columns, cell length) and pads short rows, so every row has every column. */
export function tidyTable(rows: readonly (readonly string[])[]): string[][] {
  const width = Math.min(MAX_SCHEDULE_COLUMNS, Math.max(0, ...rows.map((r) => r.length)));
  return rows.map((r) =>
    Array.from({ length: width }, (_, i) => (r[i] ?? '').slice(0, MAX_SCHEDULE_CELL_LENGTH)),
  );
}

const cellSchema = z.string().max(MAX_SCHEDULE_CELL_LENGTH);
const rowSchema = z.array(cellSchema).max(MAX_SCHEDULE_COLUMNS);

/** POST /api/schedules/readScheduleFile: a CSV or XLSX file (base64) -> its sheets, rows and heading rows. */
export const readScheduleFileRequestSchema = z.object({
  fileName: z.string().trim().min(1).max(MAX_SCHEDULE_FILE_NAME_LENGTH),
  contentBase64: z
    .string()
    .max(MAX_SCHEDULE_FILE_BASE64_CHARS, SCHEDULE_MESSAGES.fileTooLarge)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, SCHEDULE_MESSAGES.fileUnreadable),
});
export type ReadScheduleFileRequest = z.infer<typeof readScheduleFileRequestSchema>;

/** One sheet as read: its non-blank rows (title block included), their row numbers, and the heading row found. */
export const scheduleSheetSchema = z.object({
  name: z.string().max(MAX_SCHEDULE_CELL_LENGTH),
  rows: z.array(rowSchema).max(MAX_SCHEDULE_READ_ROWS),
  /** The row number a spreadsheet shows for each row (blank rows are left out, so they are not consecutive). */
  rowNumbers: z.array(z.number().int().min(1)).max(MAX_SCHEDULE_READ_ROWS),
  /** Index into `rows` of the heading row (findHeadingRow); the user may choose another. */
  headingRow: z.number().int().min(0),
});
export type ScheduleSheet = z.infer<typeof scheduleSheetSchema>;

export const scheduleTableSchema = z.object({
  sheets: z.array(scheduleSheetSchema).min(1).max(MAX_SCHEDULE_SHEETS),
  /** The sheet offered first: the one that looks most like a schedule. */
  sheet: z.number().int().min(0),
  /** The organization's remembered mapping, when it has one. */
  remembered: rememberedMappingSchema.nullable(),
});
export type ScheduleTable = z.infer<typeof scheduleTableSchema>;

/** A sheet cut at a heading row: the headings, the data rows below and their row numbers. */
export function sheetTable(
  sheet: Pick<ScheduleSheet, 'rows' | 'rowNumbers'>,
  headingRow: number,
): { headings: string[]; rows: string[][]; rowNumbers: number[] } {
  const at = Math.min(Math.max(0, headingRow), Math.max(0, sheet.rows.length - 1));
  return {
    headings: sheet.rows[at] ?? [],
    rows: sheet.rows.slice(at + 1, at + 1 + MAX_SCHEDULE_ROWS),
    rowNumbers: sheet.rowNumbers.slice(at + 1, at + 1 + MAX_SCHEDULE_ROWS),
  };
}

/** POST /api/schedules/getScheduleMapping: the organization's remembered mapping (null before its first import). */
export const scheduleMappingAnswerSchema = z.object({ remembered: rememberedMappingSchema.nullable() });
export type ScheduleMappingAnswer = z.infer<typeof scheduleMappingAnswerSchema>;

/**
 * What a transit the import creates gets where its rows say nothing: the catalogue transit type, class and depth,
 * and whether to give it the smallest standard opening its items fit (ADR 020's search), so an import ends with
 * transits that have figures.
 */
export const newTransitDefaultsSchema = z.object({
  transitTypeId: transitTypeIdSchema.nullable().default(null),
  classId: transitClassIdSchema.nullable().default(null),
  depthMm: z.number().positive().max(MAX_TRANSIT_LENGTH_MM).nullable().default(null),
  sizeToFit: z.boolean().default(false),
});
export type NewTransitDefaults = z.output<typeof newTransitDefaultsSchema>;

/**
 * POST /api/schedules/importSchedule. `transitId` set: every row goes into that transit (no transit column needed);
 * else each row names its transit, and transits the project does not have yet are created when `createTransits`.
 * `dryRun` answers the report without writing. `skipDuplicates` leaves out rows whose tag is already in the
 * transit or earlier in the file (flagged either way). `rowNumbers` are the rows' numbers in the file (by default
 * the heading row is row 1 and the data follows without gaps).
 */
export const importScheduleRequestSchema = z.object({
  projectId: z.guid(),
  /** The file the rows were read from, for the project's history (ADR 032); none for pasted rows. */
  fileName: singleLine(
    z.string().trim().min(1).max(MAX_SCHEDULE_FILE_NAME_LENGTH),
    'The file name',
  ).nullish(),
  transitId: z.guid().nullish(),
  headings: rowSchema,
  rows: z
    .array(rowSchema)
    .min(1, SCHEDULE_MESSAGES.noRows)
    .max(MAX_SCHEDULE_ROWS, SCHEDULE_MESSAGES.tooManyRows),
  rowNumbers: z.array(z.number().int().min(1).max(1_048_576)).max(MAX_SCHEDULE_ROWS).optional(),
  mapping: scheduleMappingSchema,
  diameterUnit: z.enum(SCHEDULE_LENGTH_UNITS).default('MM'),
  /** The kind of the rows that name none: cables unless the user picks another for the whole import. */
  defaultItemType: z.enum(SCHEDULE_ITEM_TYPES).default('CABLE'),
  newTransits: newTransitDefaultsSchema.default({
    transitTypeId: null,
    classId: null,
    depthMm: null,
    sizeToFit: false,
  }),
  createTransits: z.boolean().default(true),
  skipDuplicates: z.boolean().default(true),
  dryRun: z.boolean().default(false),
});
export type ImportScheduleRequest = z.input<typeof importScheduleRequestSchema>;
export type ImportScheduleInput = z.output<typeof importScheduleRequestSchema>;

/** The number a row of the request has in the file. */
export function scheduleRowNumber(input: Pick<ImportScheduleInput, 'rowNumbers'>, index: number): number {
  return input.rowNumbers?.[index] ?? index + 2;
}

export const SCHEDULE_ROW_STATUSES = ['IMPORTED', 'READY', 'REJECTED', 'DUPLICATE_SKIPPED', 'BLANK'] as const;
export type ScheduleRowStatus = (typeof SCHEDULE_ROW_STATUSES)[number];

export const scheduleRowReportSchema = z.object({
  /** The row's number in the schedule, as a spreadsheet numbers it. */
  row: z.number().int(),
  status: z.enum(SCHEDULE_ROW_STATUSES),
  transitName: z.string().nullable(),
  tag: z.string().nullable(),
  problems: z.array(
    z.object({
      field: z.enum(SCHEDULE_FIELDS),
      /** 0-based column of the cell at fault, null when the problem has no cell. */
      column: z.number().int().nullable(),
      message: z.string(),
    }),
  ),
  /** Duplicate tags and other notes that do not stop the import. */
  warnings: z.array(z.string()),
});
export type ScheduleRowReport = z.infer<typeof scheduleRowReportSchema>;

export const importScheduleReportSchema = z.object({
  applied: z.boolean(),
  dryRun: z.boolean(),
  /** Set when nothing was applied because rows were rejected. */
  message: z.string().nullable(),
  rows: z.array(scheduleRowReportSchema),
  counts: z.object({
    rows: z.number().int(),
    imported: z.number().int(),
    rejected: z.number().int(),
    duplicates: z.number().int(),
    blank: z.number().int(),
    items: z.number().int(),
  }),
  transits: z.array(
    z.object({
      id: z.string().nullable(),
      name: z.string(),
      created: z.boolean(),
      itemLines: z.number().int(),
      /** The opening the transit has after the import (a created one: from its rows, or the smallest that fits). */
      shape: z.enum(['ROUND', 'RECTANGLE']),
      diameterMm: z.number().nullable(),
      widthMm: z.number().nullable(),
      heightMm: z.number().nullable(),
      /** Where the transit is after the import (its location's path, "Deck 3 › Engine room"), null: nowhere. */
      location: z.string().nullable(),
      /** Fill with clearance and whether the items fit, after the import (null on a dry run). */
      filledPercent: z.number().nullable(),
      fits: z.boolean().nullable(),
    }),
  ),
});
export type ImportScheduleReport = z.infer<typeof importScheduleReportSchema>;
