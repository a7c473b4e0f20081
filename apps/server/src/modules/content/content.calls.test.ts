import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER, CONTENT_MESSAGES, LINK_MESSAGES, LOCKER_MAX_BYTES } from '@sealplan/contracts';
import { SUPPORT_RATE_LIMITED, SUPPORT_REQUEST_RULE } from './content.service';
import { api, createContentTestContext, q, type ContentTestContext } from './testing/content-fixtures';

/** A stand-in for the social scraper: records each request and answers the status it is told to. */
const scraped: { body: string; contentType: string | undefined }[] = [];
let scraperStatus = 200;
let scraper: Server;
let ctx: ContentTestContext;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });

beforeAll(async () => {
  scraper = createServer(async (req, res) => {
    scraped.push({ body: await readBody(req), contentType: req.headers['content-type'] });
    res.writeHead(scraperStatus, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => scraper.listen(0, '127.0.0.1', resolve));
  const port = (scraper.address() as AddressInfo).port;
  ctx = await createContentTestContext({
    SOCIAL_SCRAPE_URL: `http://127.0.0.1:${port}/scrape`,
    SOCIAL_SCRAPE_TOKEN: 'scrape-token',
    PUBLIC_URL: 'https://sealplan.example.com',
  });
}, 120_000);
afterAll(async () => {
  await ctx.t.close();
  await new Promise((resolve) => scraper.close(resolve));
});

describe('communitySubmit', () => {
  it('any signed-in user files a support request that appears in the grid; email defaults to theirs', async () => {
    const { customerAdministrator, providerEditor } = ctx.callers;
    const res = await api(ctx.t, 'POST', '/api/content/communitySubmit', customerAdministrator, {
      content: { message: '  The export button does nothing.  ', type: 'PROBLEM' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      email: customerAdministrator.email,
      message: 'The export button does nothing.',
      type: 'PROBLEM',
      userId: customerAdministrator.id,
      organizationId: ctx.customerOrgId,
    });
    const grid = await api(
      ctx.t,
      'GET',
      `/api/instance/SupportRequest?search=export%20button`,
      providerEditor,
    );
    expect(grid.body.data.r.map((r: { id: string }) => r.id)).toContain(res.body.data.id);
    // Filing is open to every signed-in user; reading the grid is not.
    expect((await api(ctx.t, 'GET', '/api/instance/SupportRequest', customerAdministrator)).status).toBe(403);
    expect(
      (await api(ctx.t, 'POST', '/api/content/communitySubmit', null, { content: { message: 'x' } })).status,
    ).toBe(401);
    const empty = await api(ctx.t, 'POST', '/api/content/communitySubmit', customerAdministrator, {
      content: { message: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error!.fields).toEqual({ 'content.message': CONTENT_MESSAGES.messageRequired });
  });

  it('allows each user 10 requests an hour, then answers 429', async () => {
    const who = ctx.callers.customerElevated;
    const send = () =>
      api(ctx.t, 'POST', '/api/content/communitySubmit', who, {
        content: { message: 'Again', type: 'QUESTION' },
      });
    for (let i = 0; i < SUPPORT_REQUEST_RULE.max; i++) expect((await send()).status).toBe(200);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body.error!.message).toBe(SUPPORT_RATE_LIMITED);
    // The counter is the user's: someone else still gets through.
    const other = await api(
      ctx.t,
      'POST',
      '/api/content/communitySubmit',
      ctx.callers.providerAdministrator,
      {
        content: { message: 'Mine', type: 'QUESTION' },
      },
    );
    expect(other.status).toBe(200);
  });
});

describe('content pages', () => {
  it('save creates and edits by slug, preRender stores escaped HTML, toggleLock stops edits, publish', async () => {
    const who = ctx.callers.providerEditor;
    const page = {
      slug: 'installation-notes',
      title: 'Installation <notes>',
      body: '# Before you start\n\nClean the opening. <script>alert(1)</script>\n\n- [Guide](https://example.com/g)',
    };
    // ADR 023: a link off the site is refused at save, with the address in the body's message.
    const refused = await api(ctx.t, 'POST', '/api/content/save', who, {
      content: { ...page, body: `${page.body}\n- [bad](/\\evil.test)` },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error!.fields).toEqual({ 'content.body': LINK_MESSAGES.pageLink('/\\evil.test') });
    const created = await api(ctx.t, 'POST', '/api/content/save', who, { content: page });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      slug: 'installation-notes',
      status: 'DRAFT',
      isLocked: false,
      version: 1,
    });

    const rendered = await api(ctx.t, 'POST', '/api/content/preRender', who, { slug: 'installation-notes' });
    expect(rendered.status).toBe(200);
    const html: string = rendered.body.data.renderedHtml;
    expect(html).toContain('<h1>Installation &lt;notes&gt;</h1>');
    expect(html).toContain('<h2>Before you start</h2>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="https://example.com/g" rel="noopener noreferrer">Guide</a>');
    expect(html).not.toContain('javascript:');
    expect(html).not.toMatch(/<script/i);

    // Renaming through originalSlug keeps the page (and drops the stale HTML).
    const renamed = await api(ctx.t, 'POST', '/api/content/save', who, {
      content: { slug: 'installing', title: 'Installing', body: 'New text', version: 2 },
      originalSlug: 'installation-notes',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      id: created.body.data.id,
      slug: 'installing',
      renderedHtml: null,
      version: 3,
    });

    const locked = await api(ctx.t, 'POST', '/api/content/toggleLock', who, {
      slug: 'installing',
      isLocked: true,
    });
    expect(locked.body.data.isLocked).toBe(true);
    const edit = await api(ctx.t, 'POST', '/api/content/save', who, {
      content: { slug: 'installing', title: 'Changed', body: '', version: locked.body.data.version },
    });
    expect(edit.status).toBe(423);
    expect(edit.body.error).toMatchObject({ code: 'LOCKED', message: CONTENT_MESSAGES.pageLocked });
    const del = await api(
      ctx.t,
      'DELETE',
      `/api/instance/ContentPage/${created.body.data.id}?force=true`,
      who,
    );
    expect(del.status).toBe(423);

    const published = await api(ctx.t, 'POST', '/api/content/publish', who, { id: created.body.data.id });
    expect(published.body.data).toMatchObject({ status: 'PUBLISHED' });
    expect(published.body.data.publishedOn).toBeTruthy();
    const unlocked = await api(ctx.t, 'POST', '/api/content/toggleLock', who, {
      slug: 'installing',
      isLocked: false,
    });
    const edited = await api(ctx.t, 'POST', '/api/content/save', who, {
      content: { slug: 'installing', title: 'Changed', body: 'x', version: unlocked.body.data.version },
    });
    expect(edited.body.data).toMatchObject({ title: 'Changed', status: 'PUBLISHED' });

    for (const path of ['save', 'publish', 'preRender', 'toggleLock', 'indexAll', 'facebookScrape']) {
      const refused = await api(ctx.t, 'POST', `/api/content/${path}`, ctx.callers.customerElevated, {});
      expect(refused.status, path).toBe(403);
    }
    expect((await api(ctx.t, 'POST', '/api/content/preRender', who, { slug: 'missing-page' })).status).toBe(
      404,
    );
  });
});

describe('facebookScrape', () => {
  it('asks the configured scraper to refresh the page URL, and reports its refusal', async () => {
    const who = ctx.callers.providerEditor;
    await api(ctx.t, 'POST', '/api/content/save', who, {
      content: { slug: 'about', title: 'About', body: 'Us' },
    });
    scraped.length = 0;
    const res = await api(ctx.t, 'POST', '/api/content/facebookScrape', who, { slug: 'about' });
    expect(res.status).toBe(200);
    expect(res.body.data.url).toBe('https://sealplan.example.com/pages/about');
    expect(scraped).toHaveLength(1);
    const form = new URLSearchParams(scraped[0]!.body);
    expect(form.get('id')).toBe('https://sealplan.example.com/pages/about');
    expect(form.get('scrape')).toBe('true');
    expect(form.get('access_token')).toBe('scrape-token');
    scraperStatus = 400;
    const refused = await api(ctx.t, 'POST', '/api/content/facebookScrape', who, { slug: 'about' });
    expect(refused.status).toBe(502);
    expect(refused.body.error!.code).toBe('UPSTREAM_FAILED');
    scraperStatus = 200;
  });

  it('the page the scraper is sent to is served as HTML once published, with its Open Graph tags', async () => {
    const who = ctx.callers.providerEditor;
    const draft = await api(ctx.t, 'POST', '/api/content/save', who, {
      content: { slug: 'seal-guide', title: 'Seal <guide>', body: 'How to seal a [deck](/help) transit.' },
    });
    expect((await ctx.t.app.inject({ method: 'GET', url: '/pages/seal-guide' })).statusCode).toBe(404);
    await api(ctx.t, 'POST', '/api/content/publish', who, { id: draft.body.data.id });
    const page = await ctx.t.app.inject({ method: 'GET', url: '/pages/seal-guide' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<meta property="og:title" content="Seal &lt;guide&gt;">');
    expect(page.body).toContain(
      '<meta property="og:url" content="https://sealplan.example.com/pages/seal-guide">',
    );
    expect(page.body).toContain('<meta property="og:description" content="How to seal a deck transit.">');
    expect(page.body).toContain('<a href="/help" rel="noopener noreferrer">deck</a>');
    expect((await ctx.t.app.inject({ method: 'GET', url: '/pages/..%2Fetc' })).statusCode).toBe(404);
  });

  it('without configuration answers a clear "not configured" error', async () => {
    const bare = await createContentTestContext();
    try {
      const res = await api(bare.t, 'POST', '/api/content/facebookScrape', bare.callers.providerEditor, {
        slug: 'about',
      });
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({
        code: 'NOT_CONFIGURED',
        message: CONTENT_MESSAGES.scraperNotConfigured,
      });
    } finally {
      await bare.t.close();
    }
  });
});

describe('sequence', () => {
  it('parallel calls each get a different number, without gaps; organizations count apart', async () => {
    const who = ctx.callers.customerAdministrator;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api(ctx.t, 'POST', '/api/instance/sequence/quote.number', who)),
    );
    const values = answers.map((a) => a.body.data.value).sort((a, b) => a - b);
    expect(values).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const other = await api(ctx.t, 'POST', '/api/instance/sequence/quote.number', ctx.callers.providerEditor);
    expect(other.body.data).toEqual({ name: 'quote.number', value: 1 });
    const bad = await api(ctx.t, 'POST', '/api/instance/sequence/..%2Fx', who);
    expect(bad.status).toBe(400);
  });
});

/** A multipart body with one file part. */
function multipart(fileName: string, contentType: string, data: Buffer) {
  const boundary = '----sealplan-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6e1d90000000049454e44ae426082',
    'hex',
  ),
]);

describe('locker', () => {
  const upload = (
    who: { headers: Record<string, string> } | null,
    fileName: string,
    type: string,
    data: Buffer,
  ) => {
    const body = multipart(fileName, type, data);
    return ctx.t.app.inject({
      method: 'POST',
      url: '/api/locker/upload',
      headers: { [CLIENT_HEADER]: 'test', 'content-type': body.contentType, ...(who?.headers ?? {}) },
      payload: body.payload,
    });
  };

  it('stores an image in the database and serves it to signed-in users', async () => {
    const res = await upload(ctx.callers.providerEditor, '../../etc/logo.png', 'image/png', PNG);
    const unicode = await upload(ctx.callers.providerEditor, 'Schäkel 图.png', 'image/png', PNG);
    const unicodeUrl = unicode.json().data.url as string;
    const named = await ctx.t.app.inject({
      method: 'GET',
      url: unicodeUrl,
      headers: ctx.callers.providerEditor.headers,
    });
    expect(named.statusCode).toBe(200);
    expect(named.headers['content-disposition']).toContain("filename*=UTF-8''Sch%C3%A4kel%20%E5%9B%BE.png");
    expect(res.statusCode).toBe(200);
    const file = res.json().data;
    expect(file).toMatchObject({ fileName: 'logo.png', contentType: 'image/png', size: PNG.length });
    expect(file.url).toBe(`/api/locker/${file.id}`);
    const got = await ctx.t.app.inject({
      method: 'GET',
      url: file.url,
      headers: ctx.callers.customerAdministrator.headers,
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    const again = await ctx.t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { ...ctx.callers.customerAdministrator.headers, 'if-none-match': got.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect((await ctx.t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(401);
    expect(
      (
        await ctx.t.app.inject({
          method: 'GET',
          url: '/api/locker/nope',
          headers: ctx.callers.providerEditor.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses other types, content that is not what it claims, files over the cap, and non-administrators', async () => {
    const who = ctx.callers.providerEditor;
    const svg = await upload(who, 'x.svg', 'image/svg+xml', Buffer.from('<svg onload="alert(1)"/>'));
    expect(svg.statusCode).toBe(415);
    expect(svg.json().error.message).toBe(CONTENT_MESSAGES.fileTypeRefused);
    const fake = await upload(who, 'x.png', 'image/png', Buffer.from('GIF89a not a png'));
    expect(fake.statusCode).toBe(415);
    const big = await upload(
      who,
      'big.png',
      'image/png',
      Buffer.concat([PNG, Buffer.alloc(LOCKER_MAX_BYTES)]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await upload(ctx.callers.customerElevated, 'x.png', 'image/png', PNG)).statusCode).toBe(403);
    expect((await upload(null, 'x.png', 'image/png', PNG)).statusCode).toBe(401);
    const json = await api(ctx.t, 'POST', '/api/locker/upload', who, { file: 'x' });
    expect(json.status).toBe(415);
  });
});

describe('translations', () => {
  it('serves the bundled locale files merged with administrator overrides', async () => {
    const before = await api(ctx.t, 'GET', '/api/translations/all?culture=de-DE', null);
    expect(before.status).toBe(200);
    expect(before.body.data.culture).toBe('de-DE');
    const namespaces = Object.keys(before.body.data.resources);
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'shell']));
    const [key, text] = Object.entries(before.body.data.resources.shell as Record<string, string>)[0]!;
    // A signed-in caller's answer is read with the session and kept per culture (ADR 038): the same answer,
    // and an override is in the next one.
    const signedIn = () =>
      api(ctx.t, 'GET', '/api/translations/all?culture=de-DE', ctx.callers.customerAdministrator);
    expect((await signedIn()).body.data).toEqual(before.body.data);
    const override = await api(ctx.t, 'POST', '/api/instance/Translation', ctx.callers.providerEditor, {
      culture: 'de-DE',
      namespace: 'shell',
      key,
      text: `${text} (geändert)`,
    });
    expect(override.status).toBe(200);
    const after = await api(ctx.t, 'GET', '/api/translations/all?culture=de-DE', null);
    expect(after.body.data.resources.shell[key]).toBe(`${text} (geändert)`);
    expect((await signedIn()).body.data).toEqual(after.body.data);
    // Other cultures keep their text; en-GB reads en-US (spec §4 language map); unknown ones are refused.
    const english = await api(ctx.t, 'GET', '/api/translations/all?culture=en-GB', null);
    expect(english.body.data.culture).toBe('en-US');
    expect((await api(ctx.t, 'GET', '/api/translations/all?culture=xx-XX', null)).status).toBe(400);
  });
});

describe('message', () => {
  it('is empty until an administrator writes the system.notice template', async () => {
    expect((await api(ctx.t, 'GET', '/api/message', null)).body.data).toEqual({
      message: null,
      type: 'info',
      lastUpdatedOn: null,
    });
    const row = (
      await api(
        ctx.t,
        'GET',
        `/api/instance/Template?${q({ Symbol: 'system.notice' })}`,
        ctx.callers.providerEditor,
      )
    ).body.data.r[0];
    await api(ctx.t, 'PUT', `/api/instance/Template/${row.id}`, ctx.callers.providerEditor, {
      ...row,
      View: '{{productName}} is down for maintenance on Sunday 06:00–08:00 UTC.',
    });
    const res = await api(ctx.t, 'GET', '/api/message', ctx.callers.customerAdministrator);
    expect(res.body.data.message).toBe('Sealplan is down for maintenance on Sunday 06:00–08:00 UTC.');
  });
});

describe('templates drive the e-mails', () => {
  it('a template edit changes the next e-mail in the outbox, with values escaped in HTML', async () => {
    const who = ctx.callers.providerEditor;
    const find = async (symbol: string) =>
      (await api(ctx.t, 'GET', `/api/instance/Template?${q({ Symbol: symbol })}`, who)).body.data.r[0];
    const body = await find('mail.resetPassword.body');
    const subject = await find('mail.resetPassword.subject');
    await api(ctx.t, 'PUT', `/api/instance/Template/${body.id}`, who, {
      ...body,
      View: 'Hi {{name}}, here is your {{productName}} link.\n\nIt works for {{validMinutes}} minutes.',
    });
    await api(ctx.t, 'PUT', `/api/instance/Template/${subject.id}`, who, {
      ...subject,
      View: 'Your new password link',
    });
    const user = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/user/create',
      headers: { [CLIENT_HEADER]: 'test', ...ctx.callers.providerElevated.headers },
      payload: { userInput: { email: 'o.brien@example.com', firstName: '<b>Ann</b>', lastName: "O'Brien" } },
    });
    expect(user.statusCode, user.body).toBe(200);
    const reset = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/user/sendPasswordResetEmail',
      payload: {
        emailAddress: 'o.brien@example.com',
        redirectUrl: 'https://sealplan.example.com/update-password',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // The invitation and the reset leave through the durable queue, in either order.
    let mail: (typeof ctx.t.sentMail)[number] | undefined;
    for (let attempt = 0; attempt < 50 && !mail; attempt++) {
      await ctx.t.flushMail();
      mail = ctx.t.sentMail.find(
        (m) => m.to === 'o.brien@example.com' && m.subject.includes('password link'),
      );
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(mail?.subject).toBe('Sealplan: Your new password link');
    expect(ctx.t.sentMail.some((m) => m.subject === 'Sealplan: Reset your password')).toBe(false);
    if (!mail) return;
    expect(mail.text).toContain('Hi <b>Ann</b>, here is your Sealplan link.');
    expect(mail.text).toMatch(/It works for \d+ minutes\./);
    expect(mail.html).toContain('Hi &lt;b&gt;Ann&lt;/b&gt;, here is your Sealplan link.');
    expect(mail.html).not.toContain('<b>Ann</b>');
  });
});
