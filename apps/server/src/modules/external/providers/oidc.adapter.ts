import * as oidc from 'openid-client';
import { EXTERNAL_MESSAGES } from '@sealplan/contracts';
import type { ExternalIdentityClaims } from '@sealplan/db';
import type { SignInStateRow } from '../external.repository';
import {
  isLoopbackHttp,
  ProviderFailure,
  splitName,
  type AccessResult,
  type ProviderAdapter,
  type StartResult,
} from './provider-adapter';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  label: string;
  scopes: string;
}

/** Seconds one call to the identity provider may take. */
const OIDC_TIMEOUT_S = 10;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function claimsOf(c: Record<string, unknown>): ExternalIdentityClaims {
  const split = splitName(text(c.name));
  return {
    subject: text(c.sub),
    email: text(c.email) || null,
    emailVerified: c.email_verified === true,
    screenName: text(c.preferred_username) || text(c.name) || text(c.email),
    firstName: text(c.given_name) || split.firstName,
    lastName: text(c.family_name) || split.lastName,
  };
}

/** openid-client's errors, sorted into what the user is told; the detail goes to the log only. */
function failure(error: unknown): ProviderFailure {
  if (error instanceof ProviderFailure) return error;
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (error instanceof oidc.ResponseBodyError) {
    return error.error === 'invalid_grant'
      ? new ProviderFailure('refused', EXTERNAL_MESSAGES.codeRejected, detail)
      : new ProviderFailure('refused', EXTERNAL_MESSAGES.providerAnswerInvalid, detail);
  }
  if (error instanceof oidc.AuthorizationResponseError) {
    return new ProviderFailure('refused', EXTERNAL_MESSAGES.stateInvalid, detail);
  }
  // openid-client wraps oauth4webapi's error: the compared claim is on the cause, or on the cause's cause.
  const cause = (error as { cause?: { claim?: string; cause?: { claim?: string } } }).cause;
  const claim = cause?.claim ?? cause?.cause?.claim;
  if ((error as { code?: string }).code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && claim === 'nonce') {
    return new ProviderFailure('refused', EXTERNAL_MESSAGES.nonceMismatch, detail);
  }
  if (error instanceof TypeError || (error as { name?: string }).name === 'AbortError') {
    return new ProviderFailure('unavailable', EXTERNAL_MESSAGES.unavailable, detail);
  }
  return new ProviderFailure('invalid', EXTERNAL_MESSAGES.providerAnswerInvalid, detail);
}

/**
 * The code-flow provider: generic OpenID Connect (discovery, authorization code with PKCE S256, state and nonce
 * checked by openid-client), so Entra ID, Google, Okta or Keycloak plug in by issuer URL, client id and secret.
 */
export function createOidcAdapter(settings: OidcSettings): ProviderAdapter {
  let discovered: Promise<oidc.Configuration> | null = null;

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        oidc.ClientSecretPost(settings.clientSecret),
        {
          timeout: OIDC_TIMEOUT_S,
          ...(isLoopbackHttp(settings.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      )
      .then((config) => {
        config.timeout = OIDC_TIMEOUT_S;
        return config;
      })
      .catch((error: unknown) => {
        // Not cached: the next sign-in tries discovery again.
        discovered = null;
        throw new ProviderFailure('unavailable', EXTERNAL_MESSAGES.unavailable, String(error));
      });
    return discovered;
  }

  return {
    id: 'oidc',
    label: settings.label,
    issuer: settings.issuer,

    async start(callbackUrl): Promise<StartResult> {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl,
        scope: settings.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, lookupKey: state, requestToken: null, nonce, codeVerifier };
    },

    async access(state: SignInStateRow, params, callbackUrl): Promise<AccessResult> {
      const config = await configuration();
      const current = new URL(callbackUrl);
      for (const key of ['code', 'state', 'iss'] as const) {
        const value = params[key];
        if (value) current.searchParams.set(key, value);
      }
      try {
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: state.codeVerifier ?? '',
          expectedState: state.lookupKey,
          expectedNonce: state.nonce ?? '',
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims?.sub) throw new Error('ID token without a subject');
        return {
          accessToken: tokens.access_token,
          accessTokenSecret: null,
          claims: claimsOf(claims as Record<string, unknown>),
        };
      } catch (error) {
        throw failure(error);
      }
    },

    async verify(state: SignInStateRow): Promise<ExternalIdentityClaims> {
      const fromIdToken = state.claims;
      if (!fromIdToken || !state.accessToken) {
        throw new ProviderFailure('invalid', EXTERNAL_MESSAGES.ticketInvalid, 'verify without access');
      }
      const config = await configuration();
      if (!config.serverMetadata().userinfo_endpoint) return fromIdToken;
      try {
        // The subject must be the ID token's (openid-client checks it): the userinfo cannot swap the person.
        const info = await oidc.fetchUserInfo(config, state.accessToken, fromIdToken.subject);
        const merged = claimsOf({ ...info });
        return {
          subject: fromIdToken.subject,
          email: merged.email ?? fromIdToken.email,
          emailVerified: merged.email ? merged.emailVerified : fromIdToken.emailVerified,
          screenName: merged.screenName || fromIdToken.screenName,
          firstName: merged.firstName || fromIdToken.firstName,
          lastName: merged.lastName || fromIdToken.lastName,
        };
      } catch (error) {
        throw failure(error);
      }
    },
  };
}
