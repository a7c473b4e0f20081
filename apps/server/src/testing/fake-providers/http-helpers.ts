import type { IncomingMessage } from 'node:http';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Reads a form-encoded (or empty) request body. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** fetch with a cookie jar and manual redirects: each call answers the Location it was sent to. */
export function withCookieJar() {
  const cookies = new Map<string, string>();
  return {
    async location(url: string, init: RequestInit): Promise<URL> {
      const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      const to = response.headers.get('location');
      if (!to)
        throw new Error(`${url} answered ${response.status} without a redirect: ${await response.text()}`);
      return new URL(to, url);
    },
  };
}
