import { z } from 'zod';
import { MAX_INPUT_ARRAY_LENGTH } from './input-gate';
import {
  ITEM_TAG_MAX_LENGTH,
  MAX_ITEM_QUANTITY,
  MAX_TRANSIT_CIRCLES,
  MAX_TRANSIT_LENGTH_MM,
  TRANSIT_NAME_MAX_LENGTH,
} from './transits';

/**
 * Issue 22: a cable and pipe schedule imported into a transit or a whole project (ADR 020). The column guesser, the
 * cell parsers and every row rule live here, so the browser's preview and the server's import say the same thing
 * about each row; the server applies the whole import in one transaction or nothing.
 */

/** The item fields a schedule column can fill. */
export const SCHEDULE_FIELDS = ['tag', 'type', 'outerDiameter', 'quantity', 'transit'] as const;
export type ScheduleField = (typeof SCHEDULE_FIELDS)[number];

/** Units a diameter column may be in; lengths are stored in mm. */
export const SCHEDULE_LENGTH_UNITS = ['MM', 'INCH'] as const;
export type ScheduleLengthUnit = (typeof SCHEDULE_LENGTH_UNITS)[number];
export const MM_PER_INCH = 25.4;

/** Most data rows one import may carry (2,000 are benchmarked; the input gate caps any list at 5,000). */
export const MAX_SCHEDULE_ROWS = MAX_INPUT_ARRAY_LENGTH - 1;
/** Most columns a schedule may have (what is read of a wider sheet is cut to this). */
export const MAX_SCHEDULE_COLUMNS = 40;
/** Longest cell text kept. */
export const MAX_SCHEDULE_CELL_LENGTH = 200;
/** Largest schedule file read (before base64): a 2,000-row XLSX is about 100 kB. */
export const MAX_SCHEDULE_FILE_BYTES = 4 * 1024 * 1024;
export const MAX_SCHEDULE_FILE_BASE64_CHARS = Math.ceil((MAX_SCHEDULE_FILE_BYTES * 4) / 3) + 4;

export const SCHEDULE_MESSAGES = {
  diameterMissing: 'The outer diameter is missing.',
  diameterNotNumber: 'The outer diameter "{value}" is not a number.',
  diameterNotPositive: 'The outer diameter must be greater than 0.',
  diameterTooLarge: `The outer diameter must be at most ${MAX_TRANSIT_LENGTH_MM} mm.`,
  quantityNotWhole: 'The quantity "{value}" is not a whole number.',
  quantityOutOfRange: `The quantity must be from 1 to ${MAX_ITEM_QUANTITY}.`,
  typeUnknown: 'The type "{value}" is not known: write cable, pipe or plastic pipe.',
  transitMissing: 'The transit name is missing.',
  transitNameTooLong: `The transit name must be at most ${TRANSIT_NAME_MAX_LENGTH} characters.`,
  transitNotFound: 'There is no transit "{value}" in this project.',
  tagTooLong: `The tag must be at most ${ITEM_TAG_MAX_LENGTH} characters.`,
  duplicateInFile: 'The tag "{value}" is also on row {row}.',
  duplicateInTransit: 'The tag "{value}" is already in transit "{transit}".',
  tooManyCircles: `Transit "{transit}" would hold {count} items; at most ${MAX_TRANSIT_CIRCLES} fit in one transit.`,
  mappingDiameterRequired: 'Choose the column with the outer diameter.',
  mappingTransitRequired: 'Choose the column with the transit name, or import into one transit.',
  mappingColumnTwice: 'A column can fill only one field.',
  noRows: 'The schedule has no rows to import.',
  tooManyRows: `A schedule may have at most ${MAX_SCHEDULE_ROWS} rows.`,
  fileUnreadable: 'The file could not be read as CSV or XLSX.',
  fileEmpty: 'The file has no rows.',
  fileTooLarge: `The file is larger than ${MAX_SCHEDULE_FILE_BYTES / 1024 / 1024} MB.`,
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

/** Which column (0-based, null: none) fills each field. */
export const scheduleMappingSchema = z.object({
  tag: z.number().int().min(0).max(MAX_SCHEDULE_COLUMNS).nullable(),
  type: z.number().int().min(0).max(MAX_SCHEDULE_COLUMNS).nullable(),
  outerDiameter: z.number().int().min(0).max(MAX_SCHEDULE_COLUMNS).nullable(),
  quantity: z.number().int().min(0).max(MAX_SCHEDULE_COLUMNS).nullable(),
  transit: z.number().int().min(0).max(MAX_SCHEDULE_COLUMNS).nullable(),
});
export type ScheduleMapping = z.infer<typeof scheduleMappingSchema>;

export const EMPTY_MAPPING: ScheduleMapping = {
  tag: null,
  type: null,
  outerDiameter: null,
  quantity: null,
  transit: null,
};

/** What an organization's last import mapped: headings per field and the diameter unit, to map the next file. */
export const rememberedMappingSchema = z.object({
  headings: z.object({
    tag: z.string().max(MAX_SCHEDULE_CELL_LENGTH).nullable(),
    type: z.string().max(MAX_SCHEDULE_CELL_LENGTH).nullable(),
    outerDiameter: z.string().max(MAX_SCHEDULE_CELL_LENGTH).nullable(),
    quantity: z.string().max(MAX_SCHEDULE_CELL_LENGTH).nullable(),
    transit: z.string().max(MAX_SCHEDULE_CELL_LENGTH).nullable(),
  }),
  diameterUnit: z.enum(SCHEDULE_LENGTH_UNITS),
});
export type RememberedMapping = z.infer<typeof rememberedMappingSchema>;

const normalise = (heading: string) =>
  heading
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\u00f8\u4e00-\u9fff"]+/g, ' ')
    .trim();

/**
 * Heading words per field, strongest first. English, German, French and Chinese headings of real cable schedules
 * ("Cable tag", "Kabelbezeichnung", "Repère", "电缆编号", "OD", "Außendurchmesser", "Qty", "Anzahl", "Penetration").
 */
const HEADING_PATTERNS: Record<ScheduleField, RegExp[]> = {
  tag: [
    /\b(tag|tag no|tag number|cable tag|cable no|cable number|designation|cable id|circuit|kks|bmk)\b/,
    /\b(kabelbezeichnung|kennzeichnung|bezeichnung|repere|reference|ref|id|name|kabel nr|numero)\b/,
    /(编号|位号|标签)/,
  ],
  type: [
    /\b(item type|kind|category|art|typ|type|sorte|nature)\b/,
    /\b(cable type|pipe type|description|beschreibung)\b/,
    /(类型|种类)/,
  ],
  outerDiameter: [
    /\b(od|o d|outer diameter|outside diameter|outer dia|cable od|cable diameter|diameter|dia)\b/,
    /\b(aussendurchmesser|durchmesser|diametre exterieur|diametre|mm|inch|in)\b|(^|\s)ø/,
    /(外径|直径)/,
  ],
  quantity: [/\b(qty|quantity|count|number of|no of|pcs|anzahl|menge|stuck|quantite|nombre|nb)\b/, /(数量)/],
  transit: [
    /\b(transit|penetration|mct|frame|transit name|durchfuhrung|durchfuehrung|traversee|passage)\b/,
    /\b(location|ort|emplacement|opening|wall)\b/,
    /(贯穿件|贯穿|位置)/,
  ],
};

/** Unit a diameter heading names ("OD [in]", "Ø (inch)"), or null. */
export function unitFromHeading(heading: string): ScheduleLengthUnit | null {
  const h = normalise(heading);
  if (/\b(in|inch|inches|zoll|pouce|pouces)\b|"/.test(h) || heading.includes('″')) return 'INCH';
  if (/\bmm\b/.test(h)) return 'MM';
  return null;
}

/**
 * Guesses which column fills each field from the headings: the remembered mapping of the organization first (same
 * heading text), then heading words. A column fills at most one field; diameter and transit are guessed first,
 * as the import cannot run without them.
 */
export function guessMapping(
  headings: readonly string[],
  remembered?: RememberedMapping | null,
): { mapping: ScheduleMapping; diameterUnit: ScheduleLengthUnit; fromRemembered: boolean } {
  const mapping: ScheduleMapping = { ...EMPTY_MAPPING };
  const taken = new Set<number>();
  const norm = headings.map(normalise);
  let fromRemembered = false;
  if (remembered) {
    for (const field of SCHEDULE_FIELDS) {
      const wanted = remembered.headings[field];
      if (wanted === null) continue;
      const index = norm.findIndex((h, i) => !taken.has(i) && h === normalise(wanted));
      if (index >= 0) {
        mapping[field] = index;
        taken.add(index);
        fromRemembered = true;
      }
    }
  }
  const order: ScheduleField[] = ['outerDiameter', 'transit', 'quantity', 'tag', 'type'];
  for (const field of order) {
    if (mapping[field] !== null) continue;
    for (const pattern of HEADING_PATTERNS[field]) {
      const index = norm.findIndex((h, i) => !taken.has(i) && h !== '' && pattern.test(h));
      if (index >= 0) {
        mapping[field] = index;
        taken.add(index);
        break;
      }
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
    headings: {
      tag: heading(mapping.tag),
      type: heading(mapping.type),
      outerDiameter: heading(mapping.outerDiameter),
      quantity: heading(mapping.quantity),
      transit: heading(mapping.transit),
    },
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

/**
 * A number as spreadsheets write it: "12.5", "12,5" (decimal comma), "1,234.5", "1.234,5", "12 mm", "0.75 in",
 * "3/4" or "1 1/2" (inch fractions). Answers null when it is not a number.
 */
export function parseScheduleNumber(text: string): number | null {
  let s = text
    .trim()
    .replace(/\s*(mm|millimetres?|millimeters?|in|inch|inches|"|″|zoll|ø)\s*$/i, '')
    .trim();
  s = s.replace(/^ø\s*/i, '');
  if (s === '') return null;
  const fraction = /^(?:(\d+)\s+)?(\d+)\s*\/\s*(\d+)$/.exec(s);
  if (fraction) {
    const whole = fraction[1] ? Number(fraction[1]) : 0;
    const den = Number(fraction[3]);
    return den > 0 ? whole + Number(fraction[2]) / den : null;
  }
  s = s.replace(/[\s\u00a0\u202f']/g, '');
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    // The later separator is the decimal one; the other groups thousands.
    s = comma > dot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (comma >= 0) {
    // One comma with other than three digits after it is a decimal comma; "1,234" groups thousands.
    s = /^-?\d{1,3}(,\d{3})+$/.test(s) ? s.replace(/,/g, '') : s.replace(',', '.');
  }
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** Item type words (en, de, fr, zh); null: the cell is empty. Answers 'UNKNOWN' for a word not known. */
export function parseItemType(text: string): 'CABLE' | 'PIPE' | 'PIPE_PLASTIC' | null | 'UNKNOWN' {
  const t = normalise(text);
  if (t === '') return null;
  // Plastic first: "Kunststoffrohr" and "PVC pipe" are plastic pipes, not pipes.
  if (/plastic|plastique|kunststoff|\b(pvc|pe|pp|pex|hdpe|abs|grp)\b|塑料/.test(t)) return 'PIPE_PLASTIC';
  if (/\b(cables?|kabel|wire|leitung)\b|电缆|线缆/.test(t)) return 'CABLE';
  if (/\b(pipes?|rohre?|tuyau|tube|conduit)\b|管/.test(t)) return 'PIPE';
  return 'UNKNOWN';
}

export type ScheduleItemType = 'CABLE' | 'PIPE' | 'PIPE_PLASTIC';

/** One data row as the rules read it. */
export interface ScheduleRowValue {
  tag: string | null;
  itemTypeId: ScheduleItemType | null;
  outerDiameterMm: number;
  quantity: number;
  transitName: string | null;
}

export interface ScheduleRowProblem {
  field: ScheduleField;
  message: string;
}

export type ScheduleRowCheck =
  { ok: true; value: ScheduleRowValue } | { ok: false; problems: ScheduleRowProblem[] };

const cell = (row: readonly string[], column: number | null) =>
  column === null ? '' : (row[column] ?? '').trim();

/** True when every cell of the row is empty (such rows are passed over, as spreadsheets leave them). */
export function isBlankRow(row: readonly string[]): boolean {
  return row.every((c) => c.trim() === '');
}

/** The rules of one row (spec §5 item rules, in the file's units): its value, or every problem it has. */
export function checkScheduleRow(
  row: readonly string[],
  mapping: ScheduleMapping,
  diameterUnit: ScheduleLengthUnit,
  intoOneTransit: boolean,
): ScheduleRowCheck {
  const problems: ScheduleRowProblem[] = [];
  const diameterText = cell(row, mapping.outerDiameter);
  let outerDiameterMm = 0;
  if (diameterText === '')
    problems.push({ field: 'outerDiameter', message: SCHEDULE_MESSAGES.diameterMissing });
  else {
    const n = parseScheduleNumber(diameterText);
    if (n === null)
      problems.push({
        field: 'outerDiameter',
        message: scheduleMessage(SCHEDULE_MESSAGES.diameterNotNumber, { value: diameterText }),
      });
    else {
      outerDiameterMm = diameterUnit === 'INCH' ? n * MM_PER_INCH : n;
      if (outerDiameterMm <= 0)
        problems.push({ field: 'outerDiameter', message: SCHEDULE_MESSAGES.diameterNotPositive });
      else if (outerDiameterMm > MAX_TRANSIT_LENGTH_MM)
        problems.push({ field: 'outerDiameter', message: SCHEDULE_MESSAGES.diameterTooLarge });
    }
  }
  const quantityText = cell(row, mapping.quantity);
  let quantity = 1;
  if (quantityText !== '') {
    const n = parseScheduleNumber(quantityText);
    if (n === null || !Number.isInteger(n))
      problems.push({
        field: 'quantity',
        message: scheduleMessage(SCHEDULE_MESSAGES.quantityNotWhole, { value: quantityText }),
      });
    else if (n < 1 || n > MAX_ITEM_QUANTITY)
      problems.push({ field: 'quantity', message: SCHEDULE_MESSAGES.quantityOutOfRange });
    else quantity = n;
  }
  const typeText = cell(row, mapping.type);
  const type = parseItemType(typeText);
  if (type === 'UNKNOWN')
    problems.push({
      field: 'type',
      message: scheduleMessage(SCHEDULE_MESSAGES.typeUnknown, { value: typeText }),
    });
  const tag = cell(row, mapping.tag);
  if (tag.length > ITEM_TAG_MAX_LENGTH)
    problems.push({ field: 'tag', message: SCHEDULE_MESSAGES.tagTooLong });
  const transitName = cell(row, mapping.transit);
  if (!intoOneTransit) {
    if (transitName === '') problems.push({ field: 'transit', message: SCHEDULE_MESSAGES.transitMissing });
    else if (transitName.length > TRANSIT_NAME_MAX_LENGTH)
      problems.push({ field: 'transit', message: SCHEDULE_MESSAGES.transitNameTooLong });
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      tag: tag || null,
      itemTypeId: type === 'UNKNOWN' ? null : type,
      outerDiameterMm,
      quantity,
      transitName: intoOneTransit ? null : transitName,
    },
  };
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

/** POST /api/schedules/readScheduleFile: a CSV or XLSX file (base64) -> its first sheet as headings and rows. */
export const readScheduleFileRequestSchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  contentBase64: z
    .string()
    .max(MAX_SCHEDULE_FILE_BASE64_CHARS, SCHEDULE_MESSAGES.fileTooLarge)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, SCHEDULE_MESSAGES.fileUnreadable),
});
export type ReadScheduleFileRequest = z.infer<typeof readScheduleFileRequestSchema>;

export const scheduleTableSchema = z.object({
  headings: rowSchema,
  rows: z.array(rowSchema).max(MAX_SCHEDULE_ROWS),
  /** The organization's remembered mapping, when it has one. */
  remembered: rememberedMappingSchema.nullable(),
  /** Rows of the file beyond MAX_SCHEDULE_ROWS, left out. */
  rowsLeftOut: z.number().int().min(0),
});
export type ScheduleTable = z.infer<typeof scheduleTableSchema>;

/** POST /api/schedules/getScheduleMapping: the organization's remembered mapping (null before its first import). */
export const scheduleMappingAnswerSchema = z.object({ remembered: rememberedMappingSchema.nullable() });
export type ScheduleMappingAnswer = z.infer<typeof scheduleMappingAnswerSchema>;

/**
 * POST /api/schedules/importSchedule. `transitId` set: every row goes into that transit (no transit column needed);
 * else each row names its transit, and transits the project does not have yet are created when `createTransits`.
 * `dryRun` answers the report without writing. `skipDuplicates` leaves out rows whose tag is already in the
 * transit or earlier in the file (flagged either way).
 */
export const importScheduleRequestSchema = z.object({
  projectId: z.guid(),
  transitId: z.guid().nullish(),
  headings: rowSchema,
  rows: z
    .array(rowSchema)
    .min(1, SCHEDULE_MESSAGES.noRows)
    .max(MAX_SCHEDULE_ROWS, SCHEDULE_MESSAGES.tooManyRows),
  mapping: scheduleMappingSchema,
  diameterUnit: z.enum(SCHEDULE_LENGTH_UNITS).default('MM'),
  createTransits: z.boolean().default(true),
  skipDuplicates: z.boolean().default(true),
  dryRun: z.boolean().default(false),
});
export type ImportScheduleRequest = z.input<typeof importScheduleRequestSchema>;
export type ImportScheduleInput = z.output<typeof importScheduleRequestSchema>;

export const SCHEDULE_ROW_STATUSES = ['IMPORTED', 'READY', 'REJECTED', 'DUPLICATE_SKIPPED', 'BLANK'] as const;
export type ScheduleRowStatus = (typeof SCHEDULE_ROW_STATUSES)[number];

export const scheduleRowReportSchema = z.object({
  /** 1-based row number in the schedule, the heading row being row 1 (as a spreadsheet numbers it). */
  row: z.number().int(),
  status: z.enum(SCHEDULE_ROW_STATUSES),
  transitName: z.string().nullable(),
  tag: z.string().nullable(),
  problems: z.array(z.object({ field: z.enum(SCHEDULE_FIELDS), message: z.string() })),
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
      /** Fill with clearance and whether the items fit, after the import (null on a dry run). */
      filledPercent: z.number().nullable(),
      fits: z.boolean().nullable(),
    }),
  ),
});
export type ImportScheduleReport = z.infer<typeof importScheduleReportSchema>;
