import { isIP } from 'node:net';
import { z } from 'zod';

/** Names proxy-addr understands for whole address ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** One TRUST_PROXY entry: an IP address, a CIDR range (10.0.0.0/8) or a range name. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** Hosts that mean "every interface": a browser cannot open them, so links name this machine instead. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * The address the server listens on, as a browser reaches it from this machine (the default of PUBLIC_URL):
 * HOST 0.0.0.0 and PORT 3001 give http://localhost:3001; an IPv6 literal is bracketed.
 */
export function listenUrl(host: string, port: number): string {
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${WILDCARD_HOSTS.has(host) ? 'localhost' : bracketed}:${port}`;
}

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalUrl = optionalText.pipe(z.url().optional());

/**
 * Sign-in with outside providers (docs/decisions/018-external-sign-in.md). A provider is on when its settings
 * are all given, off when none are; some but not all is a boot error naming what is missing.
 */
const externalSignInEnv = {
  /** OpenID Connect issuer (discovery at <issuer>/.well-known/openid-configuration): Entra ID, Google, Okta… */
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_LABEL: z.string().trim().min(1).default('Company account'),
  OIDC_SCOPES: z.string().trim().min(1).default('openid email profile'),
  /** OAuth 1.0a (RFC 5849) endpoints and the consumer key and secret the provider issued. */
  OAUTH1_REQUEST_TOKEN_URL: optionalUrl,
  OAUTH1_AUTHORIZE_URL: optionalUrl,
  OAUTH1_ACCESS_TOKEN_URL: optionalUrl,
  /** Answers the signed-in identity as JSON: id_str, email, screen_name (name, email_verified optional). */
  OAUTH1_VERIFY_URL: optionalUrl,
  OAUTH1_CONSUMER_KEY: optionalText,
  OAUTH1_CONSUMER_SECRET: optionalText,
  OAUTH1_LABEL: z.string().trim().min(1).default('OAuth 1.0a'),
};
const EXTERNAL_GROUPS = {
  OIDC: ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
  OAUTH1: [
    'OAUTH1_REQUEST_TOKEN_URL',
    'OAUTH1_AUTHORIZE_URL',
    'OAUTH1_ACCESS_TOKEN_URL',
    'OAUTH1_VERIFY_URL',
    'OAUTH1_CONSUMER_KEY',
    'OAUTH1_CONSUMER_SECRET',
  ],
} as const;

function checkExternalSignInEnv(env: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const keys of Object.values(EXTERNAL_GROUPS)) {
    const missing = keys.filter((k) => env[k] === undefined);
    if (missing.length > 0 && missing.length < keys.length) {
      for (const key of missing)
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is needed with ${keys.join(', ')}` });
    }
  }
}

/** Every environment variable the server reads, parsed once at boot (README: configuration table). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PGLITE_DIR: z.string().default('./data/sealplan'),
  /** Unset: the address the server listens on (listenUrl of HOST and PORT), so e-mailed links reach it. */
  PUBLIC_URL: z.string().url().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Sealplan <no-reply@sealplan.local>'),
  OUTBOX_DIR: z.string().default('./data/outbox'),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60 * 60),
  /** Requests one API key may make per minute, counted across every app server (ADR 036). */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /**
   * Nice increment of the bulk worker threads (ADR 022): documents and schedule reads yield the cores to saves.
   * On a machine shared with other busy processes the bulk lane then gets little CPU; 0 gives it a fair share.
   */
  CPU_BULK_NICE: z.coerce.number().int().min(0).max(19).default(10),
  PROVIDER_NAME: z.string().default('Sealplan'),
  PROVIDER_SHORT_NAME: z.string().default('Sealplan'),
  ADMIN_EMAIL: z.string().email().default('admin@sealplan.local'),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  /**
   * Proxies whose X-Forwarded-For / -Proto / -Host are believed, comma-separated. Off by default: without a list
   * the connecting address is the client, so nobody can choose their own address by sending the header.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim())
        .filter((e) => e !== '' && e !== 'false'),
    )
    .refine(
      (entries) => entries.every(isProxyEntry),
      'TRUST_PROXY must list proxy addresses or CIDR ranges (e.g. 10.0.0.5,192.168.0.0/16) or loopback, linklocal, uniquelocal',
    ),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** With SEED_DEMO: the 500-transit project in the administrator's organization too (ADR 038). */
  SEED_DEMO_LARGE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** facebookScrape (ADR 016): the social scraper endpoint (e.g. https://graph.facebook.com/); unset = off. */
  SOCIAL_SCRAPE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Access token sent with each scrape request (never logged). */
  SOCIAL_SCRAPE_TOKEN: z.string().optional(),
  /** Where the web app's bundled locale files are (/api/translations/all); unset = the repository's. */
  LOCALES_DIR: z.string().optional(),
  /**
   * Webhooks (ADR 037): deliveries to loopback, link-local, private and other non-public addresses are refused
   * unless the operator allows them here (an internal receiver, development, tests). Checked on every delivery.
   */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Webhooks (ADR 037): endpoints must be https:// unless the operator allows plain http:// here. */
  WEBHOOK_ALLOW_HTTP: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  ...externalSignInEnv,
});
export type Env = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.superRefine(checkExternalSignInEnv).safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return { ...env, PUBLIC_URL: env.PUBLIC_URL ?? listenUrl(env.HOST, env.PORT) };
}
