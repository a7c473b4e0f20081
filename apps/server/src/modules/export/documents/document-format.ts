import type { DocumentLanguage } from '@sealplan/contracts';
import {
  areaUnitLabel,
  formatDisplayNumber,
  formatDisplayVolume,
  lengthUnitLabel,
  roundTo,
  toDisplayArea,
  toDisplayLength,
  volumeUnitLabel,
  type MeasurementSystem,
} from '@sealplan/engine';

/**
 * Every figure and date a document prints, in the document's language (ADR 027). The digits are the engine's
 * (rounded once to the display decimals, ADR 027 "Rounded once"); only the decimal separator and the dates follow
 * the language, so a German and an English document of the same project print the same figures.
 */
export interface DocumentFormat {
  language: DocumentLanguage;
  /** ',' in German and French, '.' in English and Chinese (from Intl, the languages' own convention). */
  decimalSeparator: string;
  /** A display number as the engine writes it ("12.7", "0.500"), with the language's decimal separator. */
  displayNumber(value: number, system: MeasurementSystem): string;
  /** "12,7 mm" / "0,500 in". */
  length(mm: number, system: MeasurementSystem): string;
  /** "314,16 cm²". */
  area(mm2: number, system: MeasurementSystem): string;
  /** The volume's number: "187,5" ml, "13,3" US fl oz. */
  displayVolume(ml: number, system: MeasurementSystem): string;
  /** "187,5 ml". */
  volume(ml: number, system: MeasurementSystem): string;
  /** "45,3 %": one decimal, as the fill bar shows it. */
  percent(percent: number): string;
  /** A unit price: always two decimals, no grouping ("42,50"). */
  unitPrice(price: number): string;
  /** A day: ISO 8601 in English (the documents go abroad), the language's numeric date otherwise (22.11.2025). */
  day(date: Date): string;
  /** A moment in UTC: "2025-11-22 14:05 UTC", "22.11.2025 14:05 UTC". */
  timestamp(date: Date): string;
}

const formats = new Map<DocumentLanguage, DocumentFormat>();

/** One formatter per language, made once per process (or worker thread). */
export function documentFormat(language: DocumentLanguage): DocumentFormat {
  let format = formats.get(language);
  if (!format) {
    format = createDocumentFormat(language);
    formats.set(language, format);
  }
  return format;
}

function createDocumentFormat(language: DocumentLanguage): DocumentFormat {
  const decimalSeparator =
    new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  // The engine's texts have no grouping and one '.' at most, so swapping it keeps every digit as the engine rounded it.
  const local = (text: string) => (decimalSeparator === '.' ? text : text.replace('.', decimalSeparator));
  const numericDay = new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  });
  const iso = language === 'en-US';
  const day = (date: Date) => (iso ? date.toISOString().slice(0, 10) : numericDay.format(date));
  const displayNumber = (value: number, system: MeasurementSystem) =>
    local(formatDisplayNumber(value, system));
  const displayVolume = (ml: number, system: MeasurementSystem) => local(formatDisplayVolume(ml, system));
  return {
    language,
    decimalSeparator,
    displayNumber,
    length: (mm, system) =>
      `${displayNumber(toDisplayLength(mm, system), system)} ${lengthUnitLabel(system)}`,
    area: (mm2, system) => `${displayNumber(toDisplayArea(mm2, system), system)} ${areaUnitLabel(system)}`,
    displayVolume,
    volume: (ml, system) => `${displayVolume(ml, system)} ${volumeUnitLabel(system)}`,
    percent: (percent) => `${local(roundTo(percent, 1).toFixed(1))} %`,
    unitPrice: (price) => local(price.toFixed(2)),
    day,
    timestamp: (date) => `${day(date)} ${date.toISOString().slice(11, 16)} UTC`,
  };
}
