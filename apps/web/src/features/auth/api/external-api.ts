import { useQuery } from '@tanstack/react-query';
import type {
  ExternalAccessResponse,
  ExternalProvider,
  ExternalProviderInfo,
  ExternalRequestResponse,
  ExternalVerifyResponse,
  LinkedIdentitiesResponse,
  UserDevice,
} from '@sealplan/contracts';
import { callApi } from '@/lib/api-client';
import type { SignInIntegration } from '@/lib/session';

/** GET /api/auth/external/providers: none configured means no buttons. */
export function useExternalProviders() {
  return useQuery({
    queryKey: ['auth', 'external-providers'],
    queryFn: async (): Promise<ExternalProviderInfo[]> => (await callApi('external.providers')).providers,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Request step, then off to the provider's page (the browser comes back to /auth/callback/<provider>). */
export async function startExternalSignIn(provider: ExternalProvider, purpose: 'signIn' | 'link') {
  const { url }: ExternalRequestResponse = await callApi(`external.${provider}.request`, {
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

export function externalAccess(
  provider: ExternalProvider,
  params: Record<string, string>,
): Promise<ExternalAccessResponse> {
  // accessParams names each protocol's fields; the server checks them against the protocol's schema.
  return provider === 'oidc'
    ? callApi('external.oidc.access', { body: params as { code: string; state: string } })
    : callApi('external.oauth1.access', { body: params as { oauthToken: string; oauthVerifier: string } });
}

export function externalVerify(ticket: string) {
  return callApi('external.verify', { body: { ticket } });
}

export const LINKED_IDENTITIES_KEY = ['auth', 'linked-identities'] as const;

export function useLinkedIdentities() {
  return useQuery({
    queryKey: LINKED_IDENTITIES_KEY,
    queryFn: (): Promise<LinkedIdentitiesResponse> => callApi('external.identities'),
  });
}

export function linkIdentity(integration: SignInIntegration) {
  return callApi('external.link', { body: integration });
}

export function unlinkIdentity(identityId: string) {
  return callApi('external.unlink', { body: { identityId } });
}

export const DEVICES_KEY = ['auth', 'devices'] as const;

/** Spec §3 profile devices (from current-user). */
export function useDevices() {
  return useQuery({
    queryKey: DEVICES_KEY,
    queryFn: async (): Promise<UserDevice[]> => (await callApi('auth.currentUser')).user.devices,
  });
}

export function signOutDevice(id: string) {
  return callApi('user.signOutDevice', { body: { id } });
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
