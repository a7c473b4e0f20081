/**
 * Numbers as people type them in a field (ADR 029). The user's decimal mark is accepted, and so is the other one
 * ('.' or ','), because people type what their keypad or habit gives them: "12,50" and "12.50" are both 12.5 in
 * every language. A mark that appears more than once, or together with the other mark before it, groups
 * thousands ("1.234,5", "1,234.5", "1 234,5"). Anything else, an exponent ("1e2"), letters or a second decimal
 * mark, is not a number: it is refused, never read as some other number.
 */
export type ParsedNumber =
  { ok: true; value: number | null } | { ok: false; problem: 'notNumber' | 'notWhole' | 'negative' };

export interface ParseNumberOptions {
  /** Whole numbers only (a quantity, a count). */
  integer?: boolean;
  /** A minus sign is refused here; where it is allowed, the owner says what is wrong with the value (ADR 010). */
  allowNegative?: boolean;
}

// Spaces people and Intl use to group thousands: space, no-break space, narrow no-break space, thin space.
const GROUP_SPACES = /[\s\u00a0\u202f\u2009']/g;

function digitsOf(body: string): string | null {
  const dots = body.split('.').length - 1;
  const commas = body.split(',').length - 1;
  if (dots === 0 && commas === 0) return body;
  if (dots > 0 && commas > 0) {
    // The mark that comes last is the decimal mark; the other groups thousands before it.
    const decimal = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    if (body.split(decimal).length - 1 !== 1) return null;
    const [whole = '', fraction = ''] = body.split(decimal);
    if (!new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(whole)) return null;
    return `${whole.split(group).join('')}.${fraction}`;
  }
  const mark = dots > 0 ? '.' : ',';
  if (dots + commas === 1) return body.replace(mark, '.');
  return new RegExp(`^\\d{1,3}(\\${mark}\\d{3})+$`).test(body) ? body.split(mark).join('') : null;
}

export function parseNumber(text: string, options: ParseNumberOptions = {}): ParsedNumber {
  const compact = text.replace(GROUP_SPACES, '');
  if (compact === '') return { ok: true, value: null };
  const match = /^([+-]?)([\d.,]+)$/.exec(compact);
  if (!match) return { ok: false, problem: 'notNumber' };
  const [, sign, body = ''] = match;
  if (!/\d/.test(body)) return { ok: false, problem: 'notNumber' };
  const digits = digitsOf(body);
  if (digits === null || !/^(\d+\.?\d*|\.\d+)$/.test(digits)) return { ok: false, problem: 'notNumber' };
  const value = Number(digits) * (sign === '-' ? -1 : 1);
  if (!Number.isFinite(value)) return { ok: false, problem: 'notNumber' };
  if (sign === '-' && value !== 0 && options.allowNegative === false)
    return { ok: false, problem: 'negative' };
  if (options.integer && !Number.isInteger(value)) return { ok: false, problem: 'notWhole' };
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

/**
 * A stored number as a field shows it: rounded to the field's decimals, the user's decimal mark, no grouping
 * (what the user can type back unchanged).
 */
export function formatFieldNumber(
  value: number | null | undefined,
  decimals: number,
  decimalSeparator: string,
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return String(rounded).replace('.', decimalSeparator);
}
