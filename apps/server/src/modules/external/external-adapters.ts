import type { ExternalProvider } from '@sealplan/contracts';
import type { Env } from '../../config/env';
import { createOAuth1Adapter } from './providers/oauth1.adapter';
import { createOidcAdapter } from './providers/oidc.adapter';
import type { ProviderAdapter } from './providers/provider-adapter';

/** The providers the environment configures (config/env.ts checks each group is complete or absent). */
export function adaptersFromEnv(env: Env): Partial<Record<ExternalProvider, ProviderAdapter>> {
  const adapters: Partial<Record<ExternalProvider, ProviderAdapter>> = {};
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) {
    adapters.oidc = createOidcAdapter({
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      label: env.OIDC_LABEL,
      scopes: env.OIDC_SCOPES,
    });
  }
  if (
    env.OAUTH1_REQUEST_TOKEN_URL &&
    env.OAUTH1_AUTHORIZE_URL &&
    env.OAUTH1_ACCESS_TOKEN_URL &&
    env.OAUTH1_VERIFY_URL &&
    env.OAUTH1_CONSUMER_KEY &&
    env.OAUTH1_CONSUMER_SECRET
  ) {
    adapters.oauth1 = createOAuth1Adapter({
      requestTokenUrl: env.OAUTH1_REQUEST_TOKEN_URL,
      authorizeUrl: env.OAUTH1_AUTHORIZE_URL,
      accessTokenUrl: env.OAUTH1_ACCESS_TOKEN_URL,
      verifyUrl: env.OAUTH1_VERIFY_URL,
      consumerKey: env.OAUTH1_CONSUMER_KEY,
      consumerSecret: env.OAUTH1_CONSUMER_SECRET,
      label: env.OAUTH1_LABEL,
    });
  }
  return adapters;
}
