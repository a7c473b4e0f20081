import type { ExportMeasurementSystem } from '@sealplan/contracts';
import { useSession } from '@/lib/session';
import { useUnits } from '@/lib/units';

/** Whether the signed-in user is loaded; false outside the session provider (the public /test page may be). */
function useUserLoaded(): boolean {
  try {
    return useSession().user !== null;
  } catch {
    return false;
  }
}

/**
 * Spec §4: the export's unit system defaults to the user's current system (the sidebar switch, useUnits), and is
 * METRIC until that loads. Both hooks are always called, so the order of hooks never changes.
 */
export function useDefaultExportSystem(): ExportMeasurementSystem {
  const { system } = useUnits();
  return useUserLoaded() ? system : 'METRIC';
}
