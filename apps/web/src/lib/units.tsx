import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  areaUnitLabel,
  DISPLAY_DECIMALS,
  fromDisplayArea as engineFromDisplayArea,
  fromDisplayLength as engineFromDisplayLength,
  lengthUnitLabel,
  toDisplayArea as engineToDisplayArea,
  toDisplayLength as engineToDisplayLength,
  fromDisplayVolume as engineFromDisplayVolume,
  toDisplayVolume as engineToDisplayVolume,
  VOLUME_DISPLAY_DECIMALS,
  volumeUnitLabel,
  type MeasurementSystem,
} from '@sealplan/engine';
import { ApiRequestError, callApi } from './api-client';
import { DEFAULT_CULTURE, i18n } from './i18n';
import { useSession } from './session';

export type { MeasurementSystem };
export const MEASUREMENT_SYSTEMS: readonly MeasurementSystem[] = ['METRIC', 'IMPERIAL'];
/** Spec §4 / §9: without a user setting the switch starts on imperial (new users default IMPERIAL). */
export const DEFAULT_MEASUREMENT_SYSTEM: MeasurementSystem = 'IMPERIAL';
/** Spec §7 saveUser {user}: where the switch stores the user's applicationSettings.defaultMeasurementSystem. */

/**
 * Spec §4 "Measurement switch": the current system and every display conversion bound to it. The engine stores
 * and computes in mm / mm² / ml; this is the only place the web app picks the system to show them in.
 */
export interface UnitsValue {
  system: MeasurementSystem;
  /** Switches at once (every figure re-renders) and saves the choice to the signed-in user's settings. */
  setSystem: (system: MeasurementSystem) => void;
  /** The locale every figure is written in (the user's language): "12.7 mm" in en-US, "12,7 mm" in de-DE. */
  locale: string;
  /** "12.7 mm" / "0.500 in". */
  formatLength: (mm: number) => string;
  /** "314.16 cm²" / "48.695 in²". */
  formatArea: (mm2: number) => string;
  /** "393 ml" / "13.3 US fl oz" (ADR 027). */
  formatVolume: (ml: number) => string;
  /** "45.3 %" / "45,3 %": a percentage with one decimal (fill), or `decimals` of them. */
  formatPercent: (percent: number, decimals?: number) => string;
  /** A plain number (counts, quantities) with the locale's digits and grouping, at most `maxDecimals`. */
  formatNumber: (value: number, maxDecimals?: number) => string;
  /** The number shown in a length field: the display decimals of the system, no unit, no grouping. */
  formatLengthValue: (mm: number) => string;
  /** '.' or ',': what number fields accept and show as the decimal mark in this locale. */
  decimalSeparator: string;
  /** mm -> the number shown (mm or in), rounded per spec §9. */
  toDisplayLength: (mm: number) => number;
  /** A number typed in the current system -> mm with 3 decimals (spec §9). */
  fromDisplayLength: (value: number) => number;
  toDisplayArea: (mm2: number) => number;
  fromDisplayArea: (value: number) => number;
  /** ml -> the number shown (ml or US fl oz), rounded to the digits shown. */
  toDisplayVolume: (ml: number) => number;
  /** A volume typed in the current system -> ml. */
  fromDisplayVolume: (value: number) => number;
  /** Decimals a volume field takes: 2 in ml, 1 in US fl oz. */
  volumeDecimals: number;
  /** 'mm' or 'in'. */
  lengthUnit: string;
  /** 'cm²' or 'in²'. */
  areaUnit: string;
  /** 'ml' or 'US fl oz'. */
  volumeUnit: string;
}

/** Spec §9: fill percentages show one decimal. */
export const PERCENT_DECIMALS = 1;
/** Counts and quantities that are not lengths: whole numbers unless a caller asks for more. */
const DEFAULT_NUMBER_DECIMALS = 0;

const formats = new Map<string, Intl.NumberFormat>();
/** One Intl.NumberFormat per locale and option set, made once (they are costly to build and used per cell). */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * Spec §9 display decimals in the locale's digits: imperial always 3 decimals ("0.500"), metric up to 2 without
 * trailing zeros ("12.7", "200"). ADR 014: the one number format for every figure the web app shows.
 */
function displayNumber(
  value: number,
  system: MeasurementSystem,
  locale: string,
  grouping = true,
  decimals = DISPLAY_DECIMALS[system],
): string {
  if (!Number.isFinite(value)) return '';
  return numberFormat(locale, {
    minimumFractionDigits: system === 'IMPERIAL' ? decimals : 0,
    maximumFractionDigits: decimals,
    useGrouping: grouping,
  }).format(value);
}

/** The decimal mark of a locale ('.' in en-US and zh-Hans, ',' in de-DE and fr-FR). */
export function decimalSeparatorOf(locale: string): string {
  return (
    numberFormat(locale, { minimumFractionDigits: 1 })
      .formatToParts(1.5)
      .find((p) => p.type === 'decimal')?.value ?? '.'
  );
}

/** The conversions for one system and locale; pure, so it also serves components rendered without the provider. */
export function unitsFor(
  system: MeasurementSystem,
  setSystem: (system: MeasurementSystem) => void,
  locale: string = DEFAULT_CULTURE,
): UnitsValue {
  return {
    system,
    setSystem,
    locale,
    formatLength: (mm) =>
      `${displayNumber(engineToDisplayLength(mm, system), system, locale)} ${lengthUnitLabel(system)}`,
    formatArea: (mm2) =>
      `${displayNumber(engineToDisplayArea(mm2, system), system, locale)} ${areaUnitLabel(system)}`,
    // Volumes: ml with up to 2 decimals, US fluid ounces with one (ADR 027).
    formatVolume: (ml) =>
      `${displayNumber(engineToDisplayVolume(ml, system), system, locale, true, VOLUME_DISPLAY_DECIMALS[system])} ${volumeUnitLabel(system)}`,
    // "45.3 %" as the engine and the documents write it, with the locale's decimal mark ("45,3 %").
    formatPercent: (percent, decimals = PERCENT_DECIMALS) =>
      `${numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(percent)} %`,
    formatNumber: (value, maxDecimals = DEFAULT_NUMBER_DECIMALS) =>
      numberFormat(locale, { maximumFractionDigits: maxDecimals }).format(value),
    formatLengthValue: (mm) => displayNumber(engineToDisplayLength(mm, system), system, locale, false),
    decimalSeparator: decimalSeparatorOf(locale),
    toDisplayLength: (mm) => engineToDisplayLength(mm, system),
    fromDisplayLength: (value) => engineFromDisplayLength(value, system),
    toDisplayArea: (mm2) => engineToDisplayArea(mm2, system),
    fromDisplayArea: (value) => engineFromDisplayArea(value, system),
    toDisplayVolume: (ml) => engineToDisplayVolume(ml, system),
    fromDisplayVolume: (value) => engineFromDisplayVolume(value, system),
    volumeDecimals: VOLUME_DISPLAY_DECIMALS[system],
    lengthUnit: lengthUnitLabel(system),
    areaUnit: areaUnitLabel(system),
    volumeUnit: volumeUnitLabel(system),
  };
}

const UnitsContext = createContext<UnitsValue | null>(null);

/**
 * Holds the measurement system. Follows the signed-in user's saved default whenever the user (or that saved
 * value) changes; a switch applies locally at once and is then saved with POST /api/user/saveUser. If that call
 * is not available (404) or fails, the local choice stays for this visit rather than flipping back under the user.
 * Must sit inside <SessionProvider>.
 */
export function UnitsProvider({
  children,
  onSaveError,
}: {
  children: ReactNode;
  onSaveError?: (error: unknown) => void;
}) {
  const { user, refreshUser } = useSession();
  const { i18n: active } = useTranslation();
  const locale = active.language || DEFAULT_CULTURE;
  const saved = user?.defaultMeasurementSystem ?? null;
  const userKey = user ? `${user.id}:${saved}` : null;
  // The local choice belongs to the user (and saved value) it was made under. A different user, or a newly
  // saved value, wins at once — derived during render, so no figure ever shows in the wrong system for a frame.
  const [choice, setChoice] = useState<{ key: string | null; system: MeasurementSystem }>(() => ({
    key: userKey,
    system: saved ?? DEFAULT_MEASUREMENT_SYSTEM,
  }));
  const system = choice.key === userKey ? choice.system : (saved ?? choice.system);

  const onSaveErrorRef = useRef(onSaveError);
  onSaveErrorRef.current = onSaveError;

  const setSystem = useCallback(
    (next: MeasurementSystem) => {
      setChoice({ key: userKey, system: next });
      if (!user || next === saved) return;
      callApi('user.saveUser', { body: { user: { defaultMeasurementSystem: next } } })
        .then(() => refreshUser())
        .catch((error: unknown) => {
          // The save call may not exist on an older server: keep the choice for this visit, say nothing.
          if (error instanceof ApiRequestError && error.status === 404) return;
          onSaveErrorRef.current?.(error);
        });
    },
    [user, userKey, saved, refreshUser],
  );

  const value = useMemo(() => unitsFor(system, setSystem, locale), [system, setSystem, locale]);
  return <UnitsContext.Provider value={value}>{children}</UnitsContext.Provider>;
}

const ignoreSwitch = () => undefined;

/**
 * The current measurement system and its conversions. Outside <UnitsProvider> (isolated component tests) it
 * answers the spec default, imperial, in the current language, and switching does nothing.
 */
export function useUnits(): UnitsValue {
  const provided = useContext(UnitsContext);
  return provided ?? unitsFor(DEFAULT_MEASUREMENT_SYSTEM, ignoreSwitch, i18n.language || DEFAULT_CULTURE);
}
