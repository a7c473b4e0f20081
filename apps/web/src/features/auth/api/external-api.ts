import { useQuery } from '@tanstack/react-query';
import type {
  ExternalAccessResponse,
  ExternalProvider,
  ExternalProviderInfo,
  ExternalRequestResponse,
  ExternalVerifyResponse,
  LinkedIdentitiesResponse,
  SignOutDeviceResponse,
  UserDevice,
} from '@sealplan/contracts';
import { apiRequest } from '@/lib/api-client';
import type { SignInIntegration } from '@/lib/session';

/** GET /api/auth/external/providers: none configured means no buttons. */
export function useExternalProviders() {
  return useQuery({
    queryKey: ['auth', 'external-providers'],
    queryFn: async () =>
      (await apiRequest<{ providers: ExternalProviderInfo[] }>('/api/auth/external/providers')).providers,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Request step, then off to the provider's page (the browser comes back to /auth/callback/<provider>). */
export async function startExternalSignIn(provider: ExternalProvider, purpose: 'signIn' | 'link') {
  const { url } = await apiRequest<ExternalRequestResponse>(`/api/auth/external/${provider}/request`, {
    method: 'POST',
    body: { purpose },
  });
  window.location.assign(url);
}

/** What the provider put on the callback URL, as the access step takes it. */
export function accessParams(provider: ExternalProvider, search: URLSearchParams): Record<string, string> {
  const get = (key: string) => search.get(key) ?? '';
  return provider === 'oidc'
    ? { code: get('code'), state: get('state'), ...(search.get('iss') ? { iss: get('iss') } : {}) }
    : { oauthToken: get('oauth_token'), oauthVerifier: get('oauth_verifier') };
}

export function externalAccess(provider: ExternalProvider, params: Record<string, string>) {
  return apiRequest<ExternalAccessResponse>(`/api/auth/external/${provider}/access`, {
    method: 'POST',
    body: params,
  });
}

export function externalVerify(ticket: string) {
  return apiRequest<ExternalVerifyResponse>('/api/auth/external/verify', {
    method: 'POST',
    body: { ticket },
  });
}

export const LINKED_IDENTITIES_KEY = ['auth', 'linked-identities'] as const;

export function useLinkedIdentities() {
  return useQuery({
    queryKey: LINKED_IDENTITIES_KEY,
    queryFn: () => apiRequest<LinkedIdentitiesResponse>('/api/auth/external/identities'),
  });
}

export function linkIdentity(integration: SignInIntegration) {
  return apiRequest<LinkedIdentitiesResponse>('/api/auth/external/link', {
    method: 'POST',
    body: integration,
  });
}

export function unlinkIdentity(identityId: string) {
  return apiRequest<LinkedIdentitiesResponse>('/api/auth/external/unlink', {
    method: 'POST',
    body: { identityId },
  });
}

export const DEVICES_KEY = ['auth', 'devices'] as const;

/** Spec §3 profile devices (from current-user). */
export function useDevices() {
  return useQuery({
    queryKey: DEVICES_KEY,
    queryFn: async () =>
      (await apiRequest<{ user: { devices: UserDevice[] } }>('/api/auth/current-user')).user.devices,
  });
}

export function signOutDevice(id: string) {
  return apiRequest<SignOutDeviceResponse>('/api/user/signOutDevice', { method: 'POST', body: { id } });
}

/** The verified identity handed from the callback page to the register page (kept for a reload). */
export interface ExternalRegistration {
  integration: SignInIntegration;
  verified: ExternalVerifyResponse;
}
const REGISTRATION_KEY = 'sealplan.externalRegistration';

export function rememberRegistration(value: ExternalRegistration) {
  sessionStorage.setItem(REGISTRATION_KEY, JSON.stringify(value));
}

export function rememberedRegistration(): ExternalRegistration | null {
  try {
    return JSON.parse(sessionStorage.getItem(REGISTRATION_KEY) ?? 'null') as ExternalRegistration | null;
  } catch {
    return null;
  }
}

export function forgetRegistration() {
  sessionStorage.removeItem(REGISTRATION_KEY);
}
