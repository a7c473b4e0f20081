import {
  AUTH_MESSAGES,
  DEFAULT_MEASUREMENT_SYSTEM,
  FRONT_END_VERSION,
  hasProviderWideReach,
  NO_CATALOGUE_META,
  type AdminSettings,
  type AppSettings,
  type MeasurementSystemId,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import type { CatalogueRepository } from '../catalogue';
import type { SettingsRepository } from './settings.repository';

export interface SettingsServiceDeps {
  repo: SettingsRepository;
  catalogue: CatalogueRepository;
  provider: { name: string; shortName: string };
  apiVersion: string;
  database: 'pglite' | 'postgres';
  mail: string;
  publicUrl: string;
}

function system(value: string | null | undefined): MeasurementSystemId | null {
  return value === 'METRIC' || value === 'IMPERIAL' ? value : null;
}

/** What the settings answer is made of, as read from the database (the rows, or the caller's statement: ADR 038). */
export interface SettingsParts {
  meta: { isVerified: boolean; dataVersion: number } | null;
  organization: { id: string; name: string; defaultMeasurementSystem: string | null } | null;
  userSystem: string | null;
}

export function createSettingsService(deps: SettingsServiceDeps) {
  async function settings(user: { id: string; organizationId: string | null } | null): Promise<AppSettings> {
    const [meta, organization, userSystem] = await Promise.all([
      deps.catalogue.readMeta(),
      user?.organizationId ? deps.repo.organization(user.organizationId) : Promise.resolve(null),
      user ? deps.repo.userMeasurementSystem(user.id) : Promise.resolve(null),
    ]);
    return settingsOf({ meta, organization, userSystem });
  }

  function settingsOf({ meta, organization, userSystem }: SettingsParts): AppSettings {
    const orgSystem = system(organization?.defaultMeasurementSystem);
    return {
      provider: deps.provider,
      organization: organization
        ? {
            id: organization.id,
            name: organization.name,
            defaultMeasurementSystem: orgSystem ?? DEFAULT_MEASUREMENT_SYSTEM,
          }
        : null,
      // Spec §4: the measurement switch defaults to the application settings' default, else imperial.
      defaultMeasurementSystem: system(userSystem) ?? orgSystem ?? DEFAULT_MEASUREMENT_SYSTEM,
      catalogue: { isVerified: meta?.isVerified ?? false, dataVersion: meta?.dataVersion ?? 0 },
      frontEndVersion: FRONT_END_VERSION,
      apiVersion: deps.apiVersion,
    };
  }

  return {
    /** Spec §7 GET settings. */
    settings,

    /** Spec §7 GET settings from its parts read with the caller's session (settingsPartsJson, ADR 038). */
    settingsOf,

    /**
     * Spec §7 GET adminSettings. The counts cover what the caller administers (docs/decisions/005-permissions.md):
     * every organization for a SystemAdministrator or the provider's ElevatedUser, else their own organization.
     * The operator's details (database, mail target, public URL) are the provider's, so only those provider-wide
     * administrators get them; a customer organization's ElevatedUser gets null.
     */
    async adminSettings(user: {
      id: string;
      organizationId: string | null;
      isProviderOrganization: boolean;
      roles: readonly string[];
    }): Promise<AdminSettings> {
      const everywhere = hasProviderWideReach(user);
      if (!everywhere && !user.organizationId) throw new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);
      const [base, meta, counts] = await Promise.all([
        settings(user),
        deps.catalogue.readMeta(),
        deps.repo.counts(everywhere ? null : user.organizationId),
      ]);
      return {
        ...base,
        catalogueMeta: meta ?? NO_CATALOGUE_META,
        database: everywhere ? deps.database : null,
        mail: everywhere ? deps.mail : null,
        publicUrl: everywhere ? deps.publicUrl : null,
        counts,
      };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
