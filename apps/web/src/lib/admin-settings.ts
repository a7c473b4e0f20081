import { useQuery } from '@tanstack/react-query';
import { canAdministerUsers, type AdminSettings } from '@sealplan/contracts';
import { callApi } from './api-client';
import { useSession } from './session';

/**
 * GET /api/adminSettings under the user administration's keys (`admin`), so every change made on the User Admin
 * screen (approve, deny, create, delete) reloads it with the grids.
 */
export const ADMIN_SETTINGS_QUERY_KEY = ['admin', 'settings'] as const;

/**
 * Spec §7: the administrators' settings are loaded at start, beside GET settings. The shell calls this as soon as
 * the signed-in layout mounts; only the users the server answers (`canAdministerUsers`, ADR 005) ask for them,
 * everyone else gets `undefined` without a call.
 */
export function useAdminSettings(): AdminSettings | undefined {
  const { user } = useSession();
  const { data } = useQuery({
    queryKey: ADMIN_SETTINGS_QUERY_KEY,
    queryFn: () => callApi('adminSettings'),
    enabled: canAdministerUsers(user),
    retry: false,
  });
  return canAdministerUsers(user) ? data : undefined;
}
