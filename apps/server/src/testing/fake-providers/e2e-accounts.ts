import type { FakeOAuth1Account } from './fake-oauth1-provider';
import type { FakeOidcAccount } from './fake-oidc-provider';

/** People at the browser suite's test identity providers (e2e/tests/external-sign-in.spec.ts). */
export const E2E_OIDC_ACCOUNTS: FakeOidcAccount[] = [
  {
    sub: 'e2e-grace',
    email: 'grace.hopper@example.com',
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
  },
];

export const E2E_OAUTH1_ACCOUNTS: FakeOAuth1Account[] = [
  {
    id_str: '4242',
    screen_name: 'e2e_admin',
    name: 'Site Admin',
    email: 'admin@sealplan.local',
    email_verified: true,
  },
];
