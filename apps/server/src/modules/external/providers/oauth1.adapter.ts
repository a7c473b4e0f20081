import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
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

export interface OAuth1Settings {
  requestTokenUrl: string;
  authorizeUrl: string;
  accessTokenUrl: string;
  verifyUrl: string;
  consumerKey: string;
  consumerSecret: string;
  label: string;
}

/** One call to the provider may take this long. */
const OAUTH1_TIMEOUT_MS = 10_000;

/** RFC 5849 §3.4.2 HMAC-SHA1, the method every OAuth 1.0a provider accepts. */
export function oauth1Signer(consumerKey: string, consumerSecret: string): OAuth {
  return new OAuth({
    consumer: { key: consumerKey, secret: consumerSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
}

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * The OAuth 1.0a provider (RFC 5849): request token → user authorises at the provider → access token with the
 * verifier → the verify call answers who signed in (id_str, email, screen_name). Every call is signed; the
 * token secrets stay in the sign-in state row.
 */
export function createOAuth1Adapter(settings: OAuth1Settings): ProviderAdapter {
  for (const url of [settings.requestTokenUrl, settings.accessTokenUrl, settings.verifyUrl]) {
    if (new URL(url).protocol !== 'https:' && !isLoopbackHttp(url)) {
      throw new Error(`OAuth 1.0a endpoints must use https (${url})`);
    }
  }
  const signer = oauth1Signer(settings.consumerKey, settings.consumerSecret);

  /** A signed call; `refusedMessage` is what the user reads when the provider answers 401. */
  async function signed(
    method: 'GET' | 'POST',
    url: string,
    data: Record<string, string>,
    token: { key: string; secret: string } | undefined,
    refusedMessage: string,
  ): Promise<string> {
    const authorization = signer.toHeader(signer.authorize({ url, method, data }, token));
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          ...authorization,
          ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(method === 'POST' ? { body: new URLSearchParams(data).toString() } : {}),
        signal: AbortSignal.timeout(OAUTH1_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      throw new ProviderFailure('unavailable', EXTERNAL_MESSAGES.unavailable, `${url}: ${String(error)}`);
    }
    const body = await response.text();
    if (response.status === 401 || response.status === 403) {
      throw new ProviderFailure(
        'refused',
        refusedMessage,
        `${url}: ${response.status} ${body.slice(0, 200)}`,
      );
    }
    if (!response.ok) {
      throw new ProviderFailure(
        response.status >= 500 ? 'unavailable' : 'invalid',
        response.status >= 500 ? EXTERNAL_MESSAGES.unavailable : EXTERNAL_MESSAGES.providerAnswerInvalid,
        `${url}: ${response.status} ${body.slice(0, 200)}`,
      );
    }
    return body;
  }

  function tokenPair(body: string, url: string): { key: string; secret: string; params: URLSearchParams } {
    const params = new URLSearchParams(body);
    const key = params.get('oauth_token');
    const secret = params.get('oauth_token_secret');
    if (!key || !secret) {
      throw new ProviderFailure(
        'invalid',
        EXTERNAL_MESSAGES.providerAnswerInvalid,
        `${url}: no token in answer`,
      );
    }
    return { key, secret, params };
  }

  return {
    id: 'oauth1',
    label: settings.label,
    issuer: new URL(settings.accessTokenUrl).origin,

    async start(callbackUrl): Promise<StartResult> {
      const body = await signed(
        'POST',
        settings.requestTokenUrl,
        { oauth_callback: callbackUrl },
        undefined,
        EXTERNAL_MESSAGES.signatureRefused,
      );
      const { key, secret, params } = tokenPair(body, settings.requestTokenUrl);
      // RFC 5849 §2.1: the provider must confirm the callback it will use.
      if (params.get('oauth_callback_confirmed') !== 'true') {
        throw new ProviderFailure(
          'invalid',
          EXTERNAL_MESSAGES.providerAnswerInvalid,
          'callback not confirmed',
        );
      }
      const url = new URL(settings.authorizeUrl);
      url.searchParams.set('oauth_token', key);
      return { url: url.href, lookupKey: key, requestToken: key, requestTokenSecret: secret };
    },

    async access(state: SignInStateRow, params): Promise<AccessResult> {
      const body = await signed(
        'POST',
        settings.accessTokenUrl,
        { oauth_verifier: params.oauthVerifier ?? '' },
        { key: state.lookupKey, secret: state.requestTokenSecret ?? '' },
        EXTERNAL_MESSAGES.verifierRefused,
      );
      const { key, secret } = tokenPair(body, settings.accessTokenUrl);
      return { accessToken: key, accessTokenSecret: secret, claims: null };
    },

    async verify(state: SignInStateRow): Promise<ExternalIdentityClaims> {
      if (!state.accessToken || !state.accessTokenSecret) {
        throw new ProviderFailure('invalid', EXTERNAL_MESSAGES.ticketInvalid, 'verify without access');
      }
      const body = await signed(
        'GET',
        settings.verifyUrl,
        {},
        { key: state.accessToken, secret: state.accessTokenSecret },
        EXTERNAL_MESSAGES.verifierRefused,
      );
      let answer: Record<string, unknown>;
      try {
        answer = JSON.parse(body) as Record<string, unknown>;
      } catch {
        throw new ProviderFailure(
          'invalid',
          EXTERNAL_MESSAGES.providerAnswerInvalid,
          'verify answer not JSON',
        );
      }
      const subject = text(answer.id_str) || text(answer.id);
      if (!subject) {
        throw new ProviderFailure(
          'invalid',
          EXTERNAL_MESSAGES.providerAnswerInvalid,
          'verify answer without id',
        );
      }
      const names = splitName(text(answer.name));
      return {
        subject,
        email: text(answer.email) || null,
        // Only an explicit assertion counts (an OAuth 1.0a provider's e-mail is otherwise unverified).
        emailVerified: answer.email_verified === true || answer.verified_email === true,
        screenName: text(answer.screen_name),
        firstName: names.firstName,
        lastName: names.lastName,
      };
    },
  };
}
