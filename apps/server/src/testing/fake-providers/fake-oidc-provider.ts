import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { escapeHtml, readForm, withCookieJar } from './http-helpers';

/** A person at the test identity provider (OpenID Connect standard claims). */
export interface FakeOidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
}

export interface FakeOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, FakeOidcAccount>;
  /**
   * Walks the provider's real pages as a browser would (authorization URL → login form → consent-free grant)
   * and answers the redirect back to the app: `<redirect_uri>?code=…&state=…&iss=…`.
   */
  signInAs(authorizationUrl: string, email: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A certified OpenID provider (`oidc-provider`) on loopback, for tests and the browser suite: discovery, PKCE
 * required, signed ID tokens, userinfo, one confidential client. Its login page is a plain form asking for an
 * e-mail of one of `accounts` (no password: the provider's own authentication is not what is tested).
 */
export async function startFakeOidcProvider(opts: {
  redirectUris: string[];
  accounts: FakeOidcAccount[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<FakeOidcProvider> {
  const accounts = new Map(opts.accounts.map((a) => [a.sub, a]));
  const clientId = opts.clientId ?? 'sealplan-test';
  const clientSecret = opts.clientSecret ?? randomBytes(16).toString('hex');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'fake-oidc', use: 'sig', alg: 'RS256' }] as never },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          ...account,
          name: `${account.given_name} ${account.family_name}`,
          preferred_username: account.email,
        }),
      };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    // First-party client: the grant is given at once (no consent page).
    loadExistingGrant: async (ctx) => {
      const grantId =
        ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Error</title><h1>Sign-in error</h1><p>${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ''))}</p>`;
    },
  });
  const providerHandler = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'POST') {
      const form = await readForm(req);
      const account = [...accounts.values()].find((a) => a.email === form.get('email')?.trim());
      if (!account) {
        res.writeHead(303, { location: `/interaction/${details.uid}?unknown=1` }).end();
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const unknown = (req.url ?? '').includes('unknown=1');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 4rem auto">
<h1>Test identity provider</h1>
<p>Sign in to continue to the application.</p>
${unknown ? '<p role="alert">No account with this e-mail address.</p>' : ''}
<form method="post" action="/interaction/${escapeHtml(details.uid)}">
<label>E-mail <input name="email" type="email" autocomplete="off" required></label>
<button type="submit">Sign in</button>
</form></body></html>`);
  }

  server.on('request', (req, res) => {
    if ((req.url ?? '').startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      });
      return;
    }
    void providerHandler(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    async signInAs(authorizationUrl, email) {
      const jar = withCookieJar();
      let location = await jar.location(authorizationUrl, { method: 'GET' });
      if (!location.pathname.startsWith('/interaction/')) return location;
      location = await jar.location(location.href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email }).toString(),
      });
      // The provider resumes the authorization and sends the browser back to the app.
      while (location.origin === issuer) location = await jar.location(location.href, { method: 'GET' });
      return location;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
