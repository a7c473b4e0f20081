import type { CatalogueMeta } from './catalogue';

/** Spec §9 front-end version shown by the app. */
export const FRONT_END_VERSION = '1.40.1';

export type MeasurementSystemId = 'METRIC' | 'IMPERIAL';
/** Spec §3/§9: new users and organizations default to IMPERIAL. */
export const DEFAULT_MEASUREMENT_SYSTEM: MeasurementSystemId = 'IMPERIAL';

/**
 * Spec §7 GET /api/settings (loaded at start, also before sign-in: page titles are "{shortName} | {title}").
 * `organization` is the caller's, null when anonymous.
 */
export interface AppSettings {
  provider: { name: string; shortName: string };
  organization: { id: string; name: string; defaultMeasurementSystem: MeasurementSystemId } | null;
  /** The caller's own default, else the organization's, else IMPERIAL. */
  defaultMeasurementSystem: MeasurementSystemId;
  catalogue: { isVerified: boolean; dataVersion: number };
  frontEndVersion: string;
  apiVersion: string;
}

/**
 * Spec §7 GET /api/adminSettings (ElevatedUser, SystemAdministrator). `counts` cover what the caller administers.
 * The operator's details (`database`, `mail`, `publicUrl`) are null unless the caller has provider-wide reach
 * (`hasProviderWideReach`, docs/decisions/005-permissions.md): a customer organization's ElevatedUser sees none.
 */
export interface AdminSettings extends AppSettings {
  catalogueMeta: CatalogueMeta;
  database: 'pglite' | 'postgres' | null;
  mail: string | null;
  publicUrl: string | null;
  counts: { organizations: number; users: number; pendingUsers: number };
}
