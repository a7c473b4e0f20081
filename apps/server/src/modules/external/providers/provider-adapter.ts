import type { ExternalIdentityClaims } from '@sealplan/db';
import type { ExternalProvider } from '@sealplan/contracts';
import type { SignInStateRow } from '../external.repository';

/** What the request step keeps server-side (secrets included) and what the browser is sent to. */
export interface StartResult {
  url: string;
  /** How the provider's return finds the state: the OIDC state, or the OAuth 1.0a request token. */
  lookupKey: string;
  requestToken: string | null;
  nonce?: string;
  codeVerifier?: string;
  requestTokenSecret?: string;
}

export interface AccessResult {
  accessToken: string;
  accessTokenSecret: string | null;
  /** Claims known after the access step already (the OIDC ID token's); the verify step completes them. */
  claims: ExternalIdentityClaims | null;
}

/** One outside provider: the protocol steps, with the protocol's checks, and nothing of accounts. */
export interface ProviderAdapter {
  id: ExternalProvider;
  label: string;
  /** Part of the identity key: the OIDC issuer, or the OAuth 1.0a provider's origin. */
  issuer: string;
  start(callbackUrl: string): Promise<StartResult>;
  access(
    state: SignInStateRow,
    params: Record<string, string | undefined>,
    callbackUrl: string,
  ): Promise<AccessResult>;
  verify(state: SignInStateRow): Promise<ExternalIdentityClaims>;
}

/** A provider answered, but not with something usable: the reason is logged, the user gets `message`. */
export class ProviderFailure extends Error {
  constructor(
    readonly kind: 'unavailable' | 'refused' | 'invalid',
    readonly userMessage: string,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'ProviderFailure';
  }
}

/** Plain http is accepted only for a provider on this machine (tests, local development). */
export function isLoopbackHttp(url: string): boolean {
  const u = new URL(url);
  return u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
}

/** The names a provider may send, split into first and last name when it gives only a full name. */
export function splitName(full: string): { firstName: string; lastName: string } {
  const parts = full.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: '', lastName: '' };
  return { firstName: parts[0]!, lastName: parts.slice(1).join(' ') };
}
