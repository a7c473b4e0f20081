import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { oauth1Signer } from '../../modules/external/providers/oauth1.adapter';
import { escapeHtml, readForm } from './http-helpers';

/** A person at the test OAuth 1.0a provider (the verify call's answer). */
export interface FakeOAuth1Account {
  id_str: string;
  screen_name: string;
  name: string;
  email: string;
  email_verified?: boolean;
}

export interface FakeOAuth1Provider {
  origin: string;
  consumerKey: string;
  consumerSecret: string;
  urls: { requestToken: string; authorize: string; accessToken: string; verify: string };
  /** The user approves at the provider's page; answers the redirect back to the app (oauth_token, oauth_verifier). */
  authorizeAs(authorizeUrl: string, screenName: string): Promise<URL>;
  /** Makes every request token older than its lifetime (the provider's own expiry). */
  expireRequestTokens(): void;
  close(): Promise<void>;
}

/** RFC 5849 §3.3: timestamps further than this from the provider's clock are refused. */
const TIMESTAMP_WINDOW_S = 300;
/** How long a request token may wait for the user's approval and the exchange. */
const REQUEST_TOKEN_TTL_MS = 5 * 60 * 1000;

interface RequestToken {
  secret: string;
  callback: string;
  createdAt: number;
  account?: FakeOAuth1Account;
  verifier?: string;
}

const random = () => randomBytes(18).toString('base64url');

/** RFC 5849 §3.5.1: `OAuth k="v", …` with percent-encoded values. */
function authorizationParams(header: string | undefined): Record<string, string> {
  if (!header?.startsWith('OAuth ')) return {};
  const params: Record<string, string> = {};
  for (const part of header.slice(6).split(',')) {
    const match = /^\s*([\w]+)="([^"]*)"\s*$/.exec(part);
    if (match) params[match[1]!] = decodeURIComponent(match[2]!);
  }
  return params;
}

/**
 * A small OAuth 1.0a provider (RFC 5849) on loopback: request token, authorisation page, access token, and a
 * verify call answering id_str, email and screen_name. Every call's HMAC-SHA1 signature, timestamp and nonce are
 * checked; request tokens and verifiers work once and expire.
 */
export async function startFakeOAuth1Provider(opts: {
  accounts: FakeOAuth1Account[];
  port?: number;
  consumerKey?: string;
  consumerSecret?: string;
}): Promise<FakeOAuth1Provider> {
  const consumerKey = opts.consumerKey ?? 'sealplan-consumer';
  const consumerSecret = opts.consumerSecret ?? random();
  const signer = oauth1Signer(consumerKey, consumerSecret);
  const requestTokens = new Map<string, RequestToken>();
  const accessTokens = new Map<string, { secret: string; account: FakeOAuth1Account }>();
  const nonces = new Set<string>();

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls = {
    requestToken: `${origin}/oauth/request_token`,
    authorize: `${origin}/oauth/authorize`,
    accessToken: `${origin}/oauth/access_token`,
    verify: `${origin}/1.1/account/verify_credentials.json?include_email=true`,
  };

  /** Checks the request's signature with the token secret; answers the oauth parameters, or null. */
  function verifySignature(
    req: IncomingMessage,
    body: URLSearchParams,
    tokenSecret: (token: string | undefined) => string | undefined,
  ): Record<string, string> | null {
    const oauth = authorizationParams(req.headers.authorization);
    const { oauth_signature: signature, realm: _realm, ...signed } = oauth;
    if (!signature || signed.oauth_consumer_key !== consumerKey) return null;
    if (signed.oauth_signature_method !== 'HMAC-SHA1') return null;
    const timestamp = Number(signed.oauth_timestamp);
    const nowS = Date.now() / 1000;
    if (!Number.isFinite(timestamp) || Math.abs(nowS - timestamp) > TIMESTAMP_WINDOW_S) return null;
    const secret = tokenSecret(signed.oauth_token);
    if (secret === undefined) return null;
    const url = `${origin}${req.url ?? '/'}`;
    const expected = signer.getSignature(
      { url, method: req.method ?? 'GET', data: Object.fromEntries(body) },
      secret,
      signed as never,
    );
    const a = Buffer.from(expected);
    const b = Buffer.from(signature);
    if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
    // RFC 5849 §3.3: a nonce is used once (per timestamp and token; one set is stricter).
    if (!signed.oauth_nonce || nonces.has(signed.oauth_nonce)) return null;
    nonces.add(signed.oauth_nonce);
    return { ...signed, ...Object.fromEntries(body) };
  }

  const refuse = (res: ServerResponse, text = 'invalid signature') =>
    res.writeHead(401, { 'content-type': 'text/plain' }).end(text);
  const form = (res: ServerResponse, values: Record<string, string>) =>
    res
      .writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' })
      .end(new URLSearchParams(values).toString());
  const fresh = (t: RequestToken) => Date.now() - t.createdAt < REQUEST_TOKEN_TTL_MS;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    const body = req.method === 'POST' ? await readForm(req) : new URLSearchParams();

    if (req.method === 'POST' && url.pathname === '/oauth/request_token') {
      const params = verifySignature(req, body, (token) => (token ? undefined : ''));
      if (!params?.oauth_callback) return refuse(res);
      const token = random();
      requestTokens.set(token, {
        secret: random(),
        callback: params.oauth_callback,
        createdAt: Date.now(),
      });
      return form(res, {
        oauth_token: token,
        oauth_token_secret: requestTokens.get(token)!.secret,
        oauth_callback_confirmed: 'true',
      });
    }

    if (url.pathname === '/oauth/authorize') {
      const token =
        (req.method === 'POST' ? body.get('oauth_token') : url.searchParams.get('oauth_token')) ?? '';
      const pending = requestTokens.get(token);
      if (!pending || !fresh(pending)) {
        res.writeHead(400, { 'content-type': 'text/html' }).end('<h1>This request token is not valid.</h1>');
        return;
      }
      if (req.method === 'POST') {
        const account = opts.accounts.find((a) => a.screen_name === body.get('screen_name')?.trim());
        if (!account) {
          res.writeHead(303, { location: `/oauth/authorize?oauth_token=${token}&unknown=1` }).end();
          return;
        }
        pending.account = account;
        pending.verifier = random();
        const back = new URL(pending.callback);
        back.searchParams.set('oauth_token', token);
        back.searchParams.set('oauth_verifier', pending.verifier);
        res.writeHead(303, { location: back.href }).end();
        return;
      }
      const unknown = url.searchParams.has('unknown');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test OAuth provider</title></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 4rem auto">
<h1>Test OAuth provider</h1>
<p>Allow the application to use your account?</p>
${unknown ? '<p role="alert">No account with this name.</p>' : ''}
<form method="post" action="/oauth/authorize">
<input type="hidden" name="oauth_token" value="${escapeHtml(token)}">
<label>Screen name <input name="screen_name" autocomplete="off" required></label>
<button type="submit">Authorize app</button>
</form></body></html>`);
      return;
    }

    if (req.method === 'POST' && url.pathname === '/oauth/access_token') {
      let pending: RequestToken | undefined;
      let token = '';
      const params = verifySignature(req, body, (t) => {
        token = t ?? '';
        pending = requestTokens.get(token);
        return pending?.secret;
      });
      if (!params || !pending) return refuse(res);
      if (!fresh(pending)) return refuse(res, 'request token expired');
      if (!pending.verifier || params.oauth_verifier !== pending.verifier)
        return refuse(res, 'invalid verifier');
      // Once: the request token is spent.
      requestTokens.delete(token);
      const access = random();
      accessTokens.set(access, { secret: random(), account: pending.account! });
      return form(res, {
        oauth_token: access,
        oauth_token_secret: accessTokens.get(access)!.secret,
        user_id: pending.account!.id_str,
        screen_name: pending.account!.screen_name,
      });
    }

    if (req.method === 'GET' && url.pathname === '/1.1/account/verify_credentials.json') {
      let account: FakeOAuth1Account | undefined;
      const params = verifySignature(req, body, (t) => {
        const found = accessTokens.get(t ?? '');
        account = found?.account;
        return found?.secret;
      });
      if (!params || !account) return refuse(res);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(account));
      return;
    }
    res.writeHead(404).end();
  }

  server.on('request', (req, res) => {
    handle(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });

  return {
    origin,
    consumerKey,
    consumerSecret,
    urls,
    async authorizeAs(authorizeUrl, screenName) {
      const token = new URL(authorizeUrl).searchParams.get('oauth_token') ?? '';
      const response = await fetch(urls.authorize, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ oauth_token: token, screen_name: screenName }).toString(),
      });
      const location = response.headers.get('location');
      if (!location) throw new Error(`authorize answered ${response.status}`);
      return new URL(location, origin);
    },
    expireRequestTokens() {
      // Only the tokens age: signature timestamps stay valid.
      for (const t of requestTokens.values()) t.createdAt -= REQUEST_TOKEN_TTL_MS + 1000;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
