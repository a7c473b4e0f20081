import type { FakeOAuth1Provider } from './fake-oauth1-provider';
import type { FakeOidcProvider } from './fake-oidc-provider';

/** The app's environment (config/env.ts) for the test providers given. */
export function providerEnv(
  providers: { oidc?: FakeOidcProvider; oauth1?: FakeOAuth1Provider },
  overrides: Record<string, string> = {},
): Record<string, string> {
  const { oidc, oauth1 } = providers;
  return {
    ...(oidc
      ? {
          OIDC_ISSUER: oidc.issuer,
          OIDC_CLIENT_ID: oidc.clientId,
          OIDC_CLIENT_SECRET: oidc.clientSecret,
          OIDC_LABEL: 'Company SSO',
        }
      : {}),
    ...(oauth1
      ? {
          OAUTH1_REQUEST_TOKEN_URL: oauth1.urls.requestToken,
          OAUTH1_AUTHORIZE_URL: oauth1.urls.authorize,
          OAUTH1_ACCESS_TOKEN_URL: oauth1.urls.accessToken,
          OAUTH1_VERIFY_URL: oauth1.urls.verify,
          OAUTH1_CONSUMER_KEY: oauth1.consumerKey,
          OAUTH1_CONSUMER_SECRET: oauth1.consumerSecret,
          OAUTH1_LABEL: 'Test OAuth',
        }
      : {}),
    ...overrides,
  };
}
