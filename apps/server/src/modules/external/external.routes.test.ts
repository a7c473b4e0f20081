import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  CLIENT_HEADER,
  EXTERNAL_BROWSER_COOKIE,
  EXTERNAL_MESSAGES,
  EXTERNAL_REQUEST_TTL_MS,
} from '@sealplan/contracts';
import { externalIdentities, externalSignInStates, users } from '@sealplan/db';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  startFakeOidcProvider,
  type FakeOidcProvider,
} from '../../testing/fake-providers/fake-oidc-provider';
import { providerEnv } from '../../testing/fake-providers/provider-env';
import {
  startFakeOAuth1Provider,
  type FakeOAuth1Provider,
} from '../../testing/fake-providers/fake-oauth1-provider';
import { bearerOf, createAccount, createProviderAdmin, randomAddress } from '../auth/accounts.test-helpers';

/**
 * ADR 018 against real protocol servers on loopback: oidc-provider (OpenID Connect, code flow with PKCE) and an
 * RFC 5849 OAuth 1.0a provider. The app talks to them over HTTP exactly as it would to Entra ID or Keycloak.
 */
const PUBLIC_URL = 'http://sealplan.test';
const unique = () => Math.random().toString(36).slice(2, 8);

let t: TestApp;
let oidc: FakeOidcProvider;
let oauth1: FakeOAuth1Provider;
let admin: Awaited<ReturnType<typeof createProviderAdmin>>['admin'];

beforeAll(async () => {
  oidc = await startFakeOidcProvider({ redirectUris: [`${PUBLIC_URL}/auth/callback/oidc`], accounts: [] });
  oauth1 = await startFakeOAuth1Provider({ accounts: [] });
  t = await createTestApp({}, providerEnv({ oidc, oauth1 }, { PUBLIC_URL }));
  ({ admin } = await createProviderAdmin(t.deps.db.db));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await oidc?.close();
  await oauth1?.close();
});

/** One browser: its external-sign-in cookie and (once signed in) its token. */
function browser(token?: string) {
  let cookie = '';
  const headers = () => ({
    [CLIENT_HEADER]: 'test',
    'x-forwarded-for': randomAddress(),
    ...(cookie ? { cookie: `${EXTERNAL_BROWSER_COOKIE}=${cookie}` } : {}),
    ...(token ? bearerOf(token) : {}),
  });
  return {
    async post(url: string, payload: unknown) {
      const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers: headers() });
      const set = res.cookies.find((c) => c.name === EXTERNAL_BROWSER_COOKIE);
      if (set) cookie = set.value;
      return res;
    },
    async token(form: Record<string, string>) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'password', isCustomer: 'true', ...form }).toString(),
      });
      return res;
    },
    forgetCookie() {
      cookie = '';
    },
  };
}
type Browser = ReturnType<typeof browser>;

function oidcAccount(over: Partial<Parameters<typeof oidc.accounts.set>[1]> = {}) {
  const id = unique();
  const account = {
    sub: `sub-${id}`,
    email: `oidc-${id}@example.com`,
    email_verified: true,
    given_name: 'Olivia',
    family_name: `Idp${id}`,
    ...over,
  };
  oidc.accounts.set(account.sub, account);
  return account;
}

/** request → the provider's login page → the callback's parameters. */
async function oidcReturn(b: Browser, email: string, purpose: 'signIn' | 'link' = 'signIn') {
  const started = await b.post('/api/auth/external/oidc/request', { purpose });
  expect(started.statusCode, started.body).toBe(200);
  const back = await oidc.signInAs(started.json().data.url, email);
  expect(back.pathname).toBe('/auth/callback/oidc');
  return Object.fromEntries(back.searchParams) as { code: string; state: string; iss?: string };
}

/** The whole code flow up to the verify step's answer. */
async function oidcVerified(b: Browser, email: string, purpose: 'signIn' | 'link' = 'signIn') {
  const access = await b.post('/api/auth/external/oidc/access', await oidcReturn(b, email, purpose));
  expect(access.statusCode, access.body).toBe(200);
  const ticket = access.json().data.ticket as string;
  const verify = await b.post('/api/auth/external/verify', { ticket });
  expect(verify.statusCode, verify.body).toBe(200);
  return { ticket, verified: verify.json().data };
}

const integration = (provider: 'oidc' | 'oauth1', ticket: string) => JSON.stringify({ provider, ticket });

async function registerWith(b: Browser, ticket: string, email: string, provider: 'oidc' | 'oauth1' = 'oidc') {
  return b.post('/api/user/register', {
    FirstName: 'Olivia',
    LastName: 'Idp',
    Company: 'Seals Ltd',
    Industry: 'ON_SHORE',
    UserName: email,
    Password: 'secret-123',
    Integration: { provider, ticket },
  });
}

async function approve(email: string) {
  const [row] = await t.deps.db.db.select().from(users).where(eq(users.email, email));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/updateUserStatus',
    headers: admin.headers,
    payload: { user: { id: row!.id }, isApproved: true, skipEmail: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return row!.id;
}

describe('providers', () => {
  it('lists the configured providers with their labels; secrets never appear', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/external/providers' });
    expect(res.json().data.providers).toEqual([
      { id: 'oidc', label: 'Company SSO' },
      { id: 'oauth1', label: 'Test OAuth' },
    ]);
    expect(res.body).not.toContain(oidc.clientSecret);
  });

  it('with none configured: no providers, and every step answers "not configured"', async () => {
    const bare = await createTestApp();
    try {
      const list = await bare.app.inject({ method: 'GET', url: '/api/auth/external/providers' });
      expect(list.json().data.providers).toEqual([]);
      for (const url of ['/api/auth/external/oidc/request', '/api/auth/external/oauth1/request']) {
        const res = await bare.app.inject({
          method: 'POST',
          url,
          payload: {},
          headers: { [CLIENT_HEADER]: 't' },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toMatchObject({
          code: 'EXTERNAL_NOT_CONFIGURED',
          message: EXTERNAL_MESSAGES.notConfigured,
        });
      }
    } finally {
      await bare.close();
    }
  });
});

describe('OpenID Connect code flow', () => {
  it('the request step sends the browser to the provider with PKCE S256, state and nonce; the verifier stays here', async () => {
    const b = browser();
    const res = await b.post('/api/auth/external/oidc/request', { purpose: 'signIn' });
    const url = new URL(res.json().data.url);
    expect(url.origin).toBe(oidc.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/callback/oidc`);
    const state = url.searchParams.get('state')!;
    const [row] = await t.deps.db.db
      .select()
      .from(externalSignInStates)
      .where(eq(externalSignInStates.lookupKey, state));
    expect(row!.codeVerifier).toBeTruthy();
    expect(row!.nonce).toBe(url.searchParams.get('nonce'));
    expect(res.body).not.toContain(row!.codeVerifier!);
    const cookie = res.cookies.find((c) => c.name === EXTERNAL_BROWSER_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/external' });
  });

  it('new user → registration mode with the identity → approval → signs in with the external id', async () => {
    const person = oidcAccount();
    const b = browser();
    const { ticket, verified } = await oidcVerified(b, person.email);
    expect(verified).toMatchObject({
      provider: 'oidc',
      id_str: person.sub,
      email: person.email,
      emailVerified: true,
      isExistingUser: false,
      firstName: 'Olivia',
      lastName: person.family_name,
      outcome: 'register',
    });

    // The token call with the ticket of an unlinked identity signs nobody in.
    const tooEarly = await b.token({ integration: integration('oidc', ticket) });
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().error.error_description).toBe(EXTERNAL_MESSAGES.notLinked);

    // That used the ticket: registration needs a fresh one.
    const again = await oidcVerified(b, person.email);
    const registered = await registerWith(b, again.ticket, person.email);
    expect(registered.statusCode, registered.body).toBe(200);
    const [identity] = await t.deps.db.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.subject, person.sub));
    expect(identity).toMatchObject({ provider: 'oidc', issuer: oidc.issuer, email: person.email });

    // Pending: the spec's text.
    const pending = await oidcVerified(b, person.email);
    expect(pending.verified).toMatchObject({ outcome: 'signIn', isExistingUser: true });
    const refused = await b.token({ integration: integration('oidc', pending.ticket) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'ACCOUNT_PENDING',
      error_description: AUTH_MESSAGES.pending,
    });

    const userId = await approve(person.email);
    const signedIn = await oidcVerified(b, person.email);
    const token = await b.token({ integration: integration('oidc', signedIn.ticket) });
    expect(token.statusCode, token.body).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      headers: bearerOf(token.json().data.access_token),
    });
    expect(me.json().data.user.id).toBe(userId);
  });

  it('a denied account gets the spec text', async () => {
    const person = oidcAccount();
    const b = browser();
    const { ticket } = await oidcVerified(b, person.email);
    expect((await registerWith(b, ticket, person.email)).statusCode).toBe(200);
    const [row] = await t.deps.db.db.select().from(users).where(eq(users.email, person.email));
    await t.app.inject({
      method: 'POST',
      url: '/api/user/updateUserStatus',
      headers: admin.headers,
      payload: { user: row!.id, isApproved: false, skipEmail: true },
    });
    const next = await oidcVerified(b, person.email);
    const refused = await b.token({ integration: integration('oidc', next.ticket) });
    expect(refused.json().error).toMatchObject({
      code: 'ACCOUNT_DENIED',
      error_description: AUTH_MESSAGES.denied,
    });
  });

  it('an existing linked user signs in; the ticket works once', async () => {
    const person = oidcAccount();
    const user = await createAccount(t.deps.db.db, { email: `linked-${unique()}@example.com` });
    const b = browser(user.token);
    const link = await oidcVerified(b, person.email, 'link');
    expect(link.verified.outcome).toBe('link');
    const linked = await b.post('/api/auth/external/link', { provider: 'oidc', ticket: link.ticket });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.identities).toHaveLength(1);

    const anon = browser();
    const { ticket, verified } = await oidcVerified(anon, person.email);
    expect(verified).toMatchObject({ outcome: 'signIn', isExistingUser: true });
    const token = await anon.token({ integration: integration('oidc', ticket) });
    expect(token.statusCode, token.body).toBe(200);
    const replay = await anon.token({ integration: integration('oidc', ticket) });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.error_description).toBe(EXTERNAL_MESSAGES.ticketInvalid);
  });

  it('an e-mail match alone signs nobody in: a verified e-mail asks for the password once, which links', async () => {
    const user = await createAccount(t.deps.db.db, { email: `match-${unique()}@example.com` });
    const person = oidcAccount({ email: user.email, email_verified: true });
    const b = browser();
    const { ticket, verified } = await oidcVerified(b, person.email);
    expect(verified).toMatchObject({ outcome: 'confirmPassword', isExistingUser: false });
    expect((await b.token({ integration: integration('oidc', ticket) })).statusCode).toBe(400);

    const second = await oidcVerified(b, person.email);
    const wrong = await b.token({
      username: user.email,
      password: 'not-it',
      integration: integration('oidc', second.ticket),
    });
    expect(wrong.json().error.error_description).toBe(AUTH_MESSAGES.incorrect);
    const right = await b.token({
      username: user.email,
      password: user.password,
      integration: integration('oidc', second.ticket),
    });
    expect(right.statusCode, right.body).toBe(200);
    // From now on the identity alone signs in.
    const third = await oidcVerified(b, person.email);
    expect(third.verified.outcome).toBe('signIn');
    expect((await b.token({ integration: integration('oidc', third.ticket) })).statusCode).toBe(200);
  });

  it('an unverified e-mail of an existing account is not offered the password link', async () => {
    const user = await createAccount(t.deps.db.db, { email: `unverified-${unique()}@example.com` });
    const person = oidcAccount({ email: user.email, email_verified: false });
    const { verified } = await oidcVerified(browser(), person.email);
    expect(verified).toMatchObject({ outcome: 'emailInUse', emailVerified: false });
  });

  it('state mismatch is refused with a clear message', async () => {
    const person = oidcAccount();
    const b = browser();
    const back = await oidcReturn(b, person.email);
    const res = await b.post('/api/auth/external/oidc/access', { ...back, state: `${back.state}x` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'EXTERNAL_SIGN_IN_FAILED',
      message: EXTERNAL_MESSAGES.stateInvalid,
    });
  });

  it('nonce mismatch (an ID token for another attempt) is refused with a clear message', async () => {
    const person = oidcAccount();
    const b = browser();
    const back = await oidcReturn(b, person.email);
    await t.deps.db.db
      .update(externalSignInStates)
      .set({ nonce: 'another-attempt' })
      .where(eq(externalSignInStates.lookupKey, back.state));
    const res = await b.post('/api/auth/external/oidc/access', back);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(EXTERNAL_MESSAGES.nonceMismatch);
  });

  it('a replayed code is refused: by this server, and by the provider when it gets there', async () => {
    const person = oidcAccount();
    const b = browser();
    const back = await oidcReturn(b, person.email);
    expect((await b.post('/api/auth/external/oidc/access', back)).statusCode).toBe(200);
    const replay = await b.post('/api/auth/external/oidc/access', back);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(EXTERNAL_MESSAGES.alreadyUsed);
    // As if the state had been restored (e.g. a second server racing): the provider refuses the spent code.
    await t.deps.db.db
      .update(externalSignInStates)
      .set({ step: 'requested' })
      .where(eq(externalSignInStates.lookupKey, back.state));
    const atProvider = await b.post('/api/auth/external/oidc/access', back);
    expect(atProvider.statusCode).toBe(400);
    expect(atProvider.json().error.message).toBe(EXTERNAL_MESSAGES.codeRejected);
  });

  it('the return is refused in another browser, and after the request expired', async () => {
    const person = oidcAccount();
    const b = browser();
    const back = await oidcReturn(b, person.email);
    b.forgetCookie();
    const other = await b.post('/api/auth/external/oidc/access', back);
    expect(other.json().error.message).toBe(EXTERNAL_MESSAGES.otherBrowser);

    const late = browser();
    const lateBack = await oidcReturn(late, person.email);
    t.advanceClock(EXTERNAL_REQUEST_TTL_MS + 1000);
    try {
      const res = await late.post('/api/auth/external/oidc/access', lateBack);
      expect(res.json().error.message).toBe(EXTERNAL_MESSAGES.requestExpired);
    } finally {
      t.advanceClock(-(EXTERNAL_REQUEST_TTL_MS + 1000));
    }
  });

  it('an identity linked to one user cannot be linked to another; unlink frees it', async () => {
    const person = oidcAccount();
    const first = await createAccount(t.deps.db.db);
    const second = await createAccount(t.deps.db.db);
    const a = browser(first.token);
    const la = await oidcVerified(a, person.email, 'link');
    const linked = await a.post('/api/auth/external/link', { provider: 'oidc', ticket: la.ticket });
    const identityId = linked.json().data.identities[0].id as string;

    const b = browser(second.token);
    const started = await oidcReturn(b, person.email, 'link');
    const access = await b.post('/api/auth/external/oidc/access', started);
    const verify = await b.post('/api/auth/external/verify', { ticket: access.json().data.ticket });
    expect(verify.statusCode).toBe(409);
    expect(verify.json().error.message).toBe(EXTERNAL_MESSAGES.idInUse);

    // Another user's identity id unlinks nothing.
    const foreign = await b.post('/api/auth/external/unlink', { identityId });
    expect(foreign.statusCode).toBe(404);
    const unlinked = await a.post('/api/auth/external/unlink', { identityId });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().data.identities).toEqual([]);
    const again = await oidcVerified(b, person.email, 'link');
    expect(again.verified.outcome).toBe('link');
  });
});

describe('OAuth 1.0a (RFC 5849)', () => {
  function oauthAccount(over: Partial<{ email_verified: boolean; email: string }> = {}) {
    const id = unique();
    return {
      id_str: `${Date.now()}${id.length}`,
      screen_name: `tester_${id}`,
      name: `Theo Tester${id}`,
      email: `oauth-${id}@example.com`,
      ...over,
    };
  }

  let provider: FakeOAuth1Provider;
  let app: TestApp;
  const accounts: ReturnType<typeof oauthAccount>[] = [];
  beforeAll(async () => {
    provider = await startFakeOAuth1Provider({ accounts });
    app = await createTestApp({}, providerEnv({ oauth1: provider }, { PUBLIC_URL }));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });

  function post(url: string, payload: unknown, cookie: string) {
    return app.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { [CLIENT_HEADER]: 't', cookie: `${EXTERNAL_BROWSER_COOKIE}=${cookie}` },
    });
  }

  /** The access step with what the provider put on the callback URL. */
  const accessFrom = (back: URL, cookie: string) =>
    post(
      '/api/auth/external/oauth1/access',
      {
        oauthToken: back.searchParams.get('oauth_token'),
        oauthVerifier: back.searchParams.get('oauth_verifier'),
      },
      cookie,
    );

  async function start() {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/auth/external/oauth1/request',
      payload: {},
      headers: { [CLIENT_HEADER]: 't' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === EXTERNAL_BROWSER_COOKIE)!.value;
    return { data: res.json().data as { url: string; requestToken: string }, cookie, body: res.body };
  }

  it('request → authorise → access → verify: id_str, email, screen_name; token secrets never reach the browser', async () => {
    const person = oauthAccount();
    accounts.push(person);
    const { data, cookie, body } = await start();
    expect(data.requestToken).toBeTruthy();
    expect(new URL(data.url).searchParams.get('oauth_token')).toBe(data.requestToken);
    const [row] = await app.deps.db.db
      .select()
      .from(externalSignInStates)
      .where(eq(externalSignInStates.lookupKey, data.requestToken));
    expect(body).not.toContain(row!.requestTokenSecret!);

    const back = await provider.authorizeAs(data.url, person.screen_name);
    expect(back.pathname).toBe('/auth/callback/oauth1');
    const access = await accessFrom(back, cookie);
    expect(access.statusCode, access.body).toBe(200);
    const [accessed] = await app.deps.db.db
      .select()
      .from(externalSignInStates)
      .where(eq(externalSignInStates.id, row!.id));
    expect(access.body).not.toContain(accessed!.accessTokenSecret!);
    expect(access.body).not.toContain(accessed!.accessToken!);

    const verify = await post('/api/auth/external/verify', { ticket: access.json().data.ticket }, cookie);
    expect(verify.json().data).toMatchObject({
      provider: 'oauth1',
      id_str: person.id_str,
      email: person.email,
      screen_name: person.screen_name,
      isExistingUser: false,
      emailVerified: false,
      firstName: 'Theo',
      outcome: 'register',
    });
  });

  it('a wrong signature (wrong consumer secret) is refused with a clear message', async () => {
    const wrong = await createTestApp(
      {},
      providerEnv(
        { oauth1: provider },
        { PUBLIC_URL, OAUTH1_CONSUMER_SECRET: `${provider.consumerSecret}-wrong` },
      ),
    );
    try {
      const res = await wrong.app.inject({
        method: 'POST',
        url: '/api/auth/external/oauth1/request',
        payload: {},
        headers: { [CLIENT_HEADER]: 't' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'EXTERNAL_SIGN_IN_FAILED',
        message: EXTERNAL_MESSAGES.signatureRefused,
      });
      expect(res.body).not.toContain(provider.consumerSecret);
    } finally {
      await wrong.close();
    }
  });

  it('a forged verifier is refused by the provider, with a clear message', async () => {
    const person = oauthAccount();
    accounts.push(person);
    const { data, cookie } = await start();
    const back = await provider.authorizeAs(data.url, person.screen_name);
    const res = await post(
      '/api/auth/external/oauth1/access',
      { oauthToken: back.searchParams.get('oauth_token'), oauthVerifier: 'forged' },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(EXTERNAL_MESSAGES.verifierRefused);
  });

  it('an expired request token is refused: here after 10 minutes, and by the provider after its own lifetime', async () => {
    const person = oauthAccount();
    accounts.push(person);
    const first = await start();
    const back = await provider.authorizeAs(first.data.url, person.screen_name);
    app.advanceClock(EXTERNAL_REQUEST_TTL_MS + 1000);
    try {
      const res = await accessFrom(back, first.cookie);
      expect(res.json().error.message).toBe(EXTERNAL_MESSAGES.requestExpired);
    } finally {
      app.advanceClock(-(EXTERNAL_REQUEST_TTL_MS + 1000));
    }

    const second = await start();
    const back2 = await provider.authorizeAs(second.data.url, person.screen_name);
    provider.expireRequestTokens();
    const res = await accessFrom(back2, second.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(EXTERNAL_MESSAGES.verifierRefused);
  });

  it('new user registers with the identity, is approved, then signs in with it', async () => {
    const person = oauthAccount();
    accounts.push(person);
    const { admin: approver } = await createProviderAdmin(app.deps.db.db);
    const flow = async () => {
      const { data, cookie } = await start();
      const back = await provider.authorizeAs(data.url, person.screen_name);
      const access = await accessFrom(back, cookie);
      const ticket = access.json().data.ticket as string;
      const verify = await post('/api/auth/external/verify', { ticket }, cookie);
      return { ticket, outcome: verify.json().data.outcome as string };
    };
    const first = await flow();
    expect(first.outcome).toBe('register');
    const reg = await app.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { [CLIENT_HEADER]: 't' },
      payload: {
        FirstName: 'Theo',
        LastName: 'Tester',
        Company: 'Seals Ltd',
        Industry: 'ON_SHORE',
        UserName: person.email,
        Password: 'secret-123',
        Integration: { provider: 'oauth1', ticket: first.ticket },
      },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const approved = await app.app.inject({
      method: 'POST',
      url: '/api/user/updateUserStatus',
      headers: approver.headers,
      payload: { user: reg.json().data.id, isApproved: true, skipEmail: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const second = await flow();
    expect(second.outcome).toBe('signIn');
    const token = await app.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        integration: JSON.stringify({ provider: 'oauth1', ticket: second.ticket }),
      }).toString(),
    });
    expect(token.statusCode, token.body).toBe(200);
  });
});

describe('token call integration parameter', () => {
  it("refuses an integration that is not the verify step's object, with error_description", async () => {
    for (const bad of ['not json', '{"provider":"x","ticket":"y"}', '[]']) {
      const res = await browser().token({ integration: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.error_description).toBe(EXTERNAL_MESSAGES.integrationInvalid);
    }
  });
});

describe('hostile input with the providers configured (the fuzz suite runs without them)', () => {
  it('access, verify, link and the token integration never answer 500', async () => {
    const user = await createAccount(t.deps.db.db);
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.constantFrom('\u0000', '\ud800', 'x'.repeat(5000), '{"provider":"oidc","ticket":"\u0000"}'),
    );
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(hostile, hostile, async (a, b) => {
        const anon = browser();
        const signedIn = browser(user.token);
        await anon.post('/api/auth/external/oidc/request', { purpose: 'signIn' });
        const answers = [
          await anon.post('/api/auth/external/oidc/access', { code: a, state: b, iss: a }),
          await anon.post('/api/auth/external/oauth1/access', { oauthToken: a, oauthVerifier: b }),
          await anon.post('/api/auth/external/verify', { ticket: a }),
          await signedIn.post('/api/auth/external/link', { provider: 'oidc', ticket: b }),
          await signedIn.post('/api/auth/external/unlink', { identityId: a }),
          await anon.token({ integration: a }),
          await anon.token({ integration: JSON.stringify({ provider: 'oauth1', ticket: b }) }),
        ];
        for (const res of answers) if (res.statusCode >= 500) failures.push(`${res.statusCode} ${res.body}`);
        return answers.every((res) => res.statusCode < 500);
      }),
      { numRuns: 15 },
    );
    expect(failures).toEqual([]);
  }, 60_000);
});
