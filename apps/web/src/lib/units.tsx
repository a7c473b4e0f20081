import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  areaUnitLabel,
  formatArea as engineFormatArea,
  formatLength as engineFormatLength,
  formatVolume as engineFormatVolume,
  fromDisplayArea as engineFromDisplayArea,
  fromDisplayLength as engineFromDisplayLength,
  lengthUnitLabel,
  toDisplayArea as engineToDisplayArea,
  toDisplayLength as engineToDisplayLength,
  volumeUnitLabel,
  type MeasurementSystem,
} from '@sealplan/engine';
import { ApiRequestError, apiRequest } from './api-client';
import { useSession } from './session';

export type { MeasurementSystem };
export const MEASUREMENT_SYSTEMS: readonly MeasurementSystem[] = ['METRIC', 'IMPERIAL'];
/** Spec §4 / §9: without a user setting the switch starts on imperial (new users default IMPERIAL). */
export const DEFAULT_MEASUREMENT_SYSTEM: MeasurementSystem = 'IMPERIAL';
/** Spec §7 saveUser {user}: where the switch stores the user's applicationSettings.defaultMeasurementSystem. */
export const SAVE_USER_PATH = '/api/user/saveUser';

/**
 * Spec §4 "Measurement switch": the current system and every display conversion bound to it. The engine stores
 * and computes in mm / mm² / ml; this is the only place the web app picks the system to show them in.
 */
export interface UnitsValue {
  system: MeasurementSystem;
  /** Switches at once (every figure re-renders) and saves the choice to the signed-in user's settings. */
  setSystem: (system: MeasurementSystem) => void;
  /** "12.7 mm" / "0.500 in". */
  formatLength: (mm: number) => string;
  /** "314.16 cm²" / "48.695 in²". */
  formatArea: (mm2: number) => string;
  /** "393 ml" (same in both systems, spec §3). */
  formatVolume: (ml: number) => string;
  /** mm -> the number shown (mm or in), rounded per spec §9. */
  toDisplayLength: (mm: number) => number;
  /** A number typed in the current system -> mm with 3 decimals (spec §9). */
  fromDisplayLength: (value: number) => number;
  toDisplayArea: (mm2: number) => number;
  fromDisplayArea: (value: number) => number;
  /** 'mm' or 'in'. */
  lengthUnit: string;
  /** 'cm²' or 'in²'. */
  areaUnit: string;
  /** 'ml'. */
  volumeUnit: string;
}

/** The conversions for one system; pure, so it also serves components rendered without the provider. */
export function unitsFor(
  system: MeasurementSystem,
  setSystem: (system: MeasurementSystem) => void,
): UnitsValue {
  return {
    system,
    setSystem,
    formatLength: (mm) => engineFormatLength(mm, system),
    formatArea: (mm2) => engineFormatArea(mm2, system),
    formatVolume: (ml) => engineFormatVolume(ml, system),
    toDisplayLength: (mm) => engineToDisplayLength(mm, system),
    fromDisplayLength: (value) => engineFromDisplayLength(value, system),
    toDisplayArea: (mm2) => engineToDisplayArea(mm2, system),
    fromDisplayArea: (value) => engineFromDisplayArea(value, system),
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
      apiRequest(SAVE_USER_PATH, { method: 'POST', body: { user: { defaultMeasurementSystem: next } } })
        .then(() => refreshUser())
        .catch((error: unknown) => {
          // The save call may not exist on an older server: keep the choice for this visit, say nothing.
          if (error instanceof ApiRequestError && error.status === 404) return;
          onSaveErrorRef.current?.(error);
        });
    },
    [user, userKey, saved, refreshUser],
  );

  const value = useMemo(() => unitsFor(system, setSystem), [system, setSystem]);
  return <UnitsContext.Provider value={value}>{children}</UnitsContext.Provider>;
}

const standaloneUnits = unitsFor(DEFAULT_MEASUREMENT_SYSTEM, () => undefined);

/**
 * The current measurement system and its conversions. Outside <UnitsProvider> (isolated component tests) it
 * answers the spec default, imperial, and switching does nothing.
 */
export function useUnits(): UnitsValue {
  return useContext(UnitsContext) ?? standaloneUnits;
}
