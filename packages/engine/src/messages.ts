// Messages the engine reports, with stable codes (the web app translates by code and falls back to `text`).
// Texts marked "spec §8" are the spec's own wording and must not be changed.

export type MessageSeverity = 'error' | 'warning' | 'info';

export interface EngineMessage {
  code: EngineMessageCode;
  severity: MessageSeverity;
  /** English text with the parameters filled in. */
  text: string;
  /** Values filled into the text (for translations), e.g. { minMm: 150 }. */
  params?: Record<string, number | string>;
}

export const MESSAGE_DEFINITIONS = {
  /** spec §8: error banner when the packing finds no layout. */
  ITEMS_DO_NOT_FIT: { severity: 'error', text: 'Penetrating Items do not fit in the transit.' },
  /** spec §8: follows ITEMS_DO_NOT_FIT when the items include pipes (their clearance is the excess space). */
  MINIMUM_EXCESS_SPACE: { severity: 'error', text: 'Transit has a minimum excess space requirement.' },
  /** spec §5, §8: depth below the class minimum (error toast); `{min}` in mm. */
  DEPTH_BELOW_MINIMUM: { severity: 'error', text: 'Minimum depth for this type of transit is {min}mm' },
  /** spec §8: RISE_ULTRA depth is fixed at the minimum. */
  RISE_ULTRA_LONGER_DEPTH: {
    severity: 'info',
    text: 'If a longer depth penetration is required, please contact the provider or your distributor.',
  },
  /** spec §4, §8: RISE_ULTRA single pipe comes in Schedule 40 sizes. */
  RISE_ULTRA_SCH80: {
    severity: 'info',
    text: 'If Sch. 80 is required, please contact the provider or your distributor',
  },
  // The codes below are the engine's own (not spec texts): they explain figures the spec leaves at 0 or undefined.
  FILL_LIMIT_EXCEEDED: {
    severity: 'warning',
    text: 'The fill with clearance ({fill} %) exceeds the fill limit of {limit} %.',
  },
  /** ADR 010: a corner radius above half the shorter side is refused, never limited; `{maxRadius}` in mm. */
  CORNER_RADIUS_TOO_LARGE: {
    severity: 'error',
    text: 'The corner radius can be at most {maxRadius}mm (half the shorter side).',
  },
  /** ADR 010: a spare percent outside 0–{max} is refused, never clamped. */
  SPARE_PERCENT_OUT_OF_RANGE: { severity: 'error', text: 'Spare percent must be between 0 and {max}' },
  /** ADR 010: a negative size is refused, never made positive; the transit or item line is not sized. */
  NEGATIVE_SIZE: { severity: 'error', text: 'Sizes cannot be negative.' },
  TRANSIT_SIZE_MISSING: { severity: 'info', text: 'Enter the transit dimensions to compute the fill.' },
  MATERIALS_INCOMPLETE: {
    severity: 'info',
    text: 'Select the transit type, class and depth to compute the filler sleeves and sealant.',
  },
  CLEARANCE_NOT_DEFINED: {
    severity: 'warning',
    text: 'No clearance is defined for a pipe of {diameter}mm outer diameter; none was added.',
  },
  NO_CABLE_SLEEVE: {
    severity: 'warning',
    text: 'No cable sleeve fits a cable of {diameter}mm outer diameter.',
  },
  CRUSHER_NOT_FOUND: {
    severity: 'warning',
    text: 'The pipe size {crusherId} is not in the catalogue; the entered diameter was used.',
  },
} as const satisfies Record<string, { severity: MessageSeverity; text: string }>;

export type EngineMessageCode = keyof typeof MESSAGE_DEFINITIONS;

/** Build a message: `{name}` placeholders in the text are replaced by `params[name]`. */
export function engineMessage(
  code: EngineMessageCode,
  params?: Record<string, number | string>,
): EngineMessage {
  const definition = MESSAGE_DEFINITIONS[code];
  const text = definition.text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params && name in params ? String(params[name]) : whole,
  );
  return params
    ? { code, severity: definition.severity, text, params }
    : { code, severity: definition.severity, text };
}
