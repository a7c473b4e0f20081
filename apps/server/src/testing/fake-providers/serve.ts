// The browser suite's identity providers (scripts/e2e-server.mjs starts this beside the app): an OpenID provider
// and an OAuth 1.0a provider on loopback, with fixed test accounts and test-only client credentials. Prints the
// app's environment for them as one JSON line, then serves until stopped.
import { startFakeOAuth1Provider } from './fake-oauth1-provider';
import { startFakeOidcProvider } from './fake-oidc-provider';
import { E2E_OAUTH1_ACCOUNTS, E2E_OIDC_ACCOUNTS } from './e2e-accounts';
import { providerEnv } from './provider-env';

const appUrl = process.env.APP_URL ?? 'http://127.0.0.1:3100';
const basePort = Number(process.env.FAKE_PROVIDERS_PORT ?? 0);

const oidc = await startFakeOidcProvider({
  redirectUris: [`${appUrl}/auth/callback/oidc`],
  accounts: E2E_OIDC_ACCOUNTS,
  port: basePort,
  clientId: 'sealplan-e2e',
  clientSecret: 'e2e-only-oidc-secret',
});
const oauth1 = await startFakeOAuth1Provider({
  accounts: E2E_OAUTH1_ACCOUNTS,
  port: basePort ? basePort + 1 : 0,
  consumerKey: 'sealplan-e2e',
  consumerSecret: 'e2e-only-oauth1-secret',
});

process.stdout.write(`${JSON.stringify(providerEnv({ oidc, oauth1 }))}\n`);

const stop = async () => {
  await Promise.all([oidc.close(), oauth1.close()]);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
