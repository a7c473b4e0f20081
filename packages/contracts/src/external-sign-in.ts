import { z } from 'zod';
import { boundedJson } from './input-gate';

/**
 * Sign-in with outside providers (spec §3 social sign-in state, §4, §7; docs/decisions/018-external-sign-in.md).
 * Two kinds: 'oidc' (OpenID Connect code flow with PKCE: Entra ID, Google, Okta, Keycloak…) and 'oauth1'
 * (OAuth 1.0a, RFC 5849). Secrets (client secret, PKCE verifier, token secrets) stay on the server.
 */
export const EXTERNAL_PROVIDERS = ['oidc', 'oauth1'] as const;
export type ExternalProvider = (typeof EXTERNAL_PROVIDERS)[number];

/** From the request step to the return from the provider. */
export const EXTERNAL_REQUEST_TTL_MS = 10 * 60 * 1000;
/** A verified identity's ticket stays usable this long (long enough to fill in the register form). */
export const EXTERNAL_TICKET_TTL_MS = 30 * 60 * 1000;
/** The HttpOnly cookie binding a sign-in in progress to the browser that started it. */
export const EXTERNAL_BROWSER_COOKIE = 'sealplan_external';
/** Where each provider sends the browser back (pages of the web app, registered as redirect URIs). */
export const EXTERNAL_CALLBACK_PATHS: Record<ExternalProvider, string> = {
  oidc: '/auth/callback/oidc',
  oauth1: '/auth/callback/oauth1',
};

export const EXTERNAL_MESSAGES = {
  notConfigured: 'Sign-in with this provider is not configured on this server.',
  unavailable: 'The sign-in provider could not be reached. Please try again later.',
  stateInvalid: 'This sign-in attempt is not valid or has expired. Please start again.',
  otherBrowser:
    'This sign-in was started in another browser or tab that has closed. Please start again here.',
  requestExpired: 'The sign-in request has expired. Please start again.',
  alreadyUsed: 'This answer from the sign-in provider was already used. Please start again.',
  codeRejected:
    'The identity provider refused the sign-in code (it may have been used already). Please start again.',
  nonceMismatch:
    "The identity provider's answer does not belong to this sign-in attempt. Please start again.",
  signatureRefused:
    "The sign-in provider refused this server's signature. Ask your administrator to check the provider settings.",
  verifierRefused: 'The sign-in provider refused this sign-in. Please start again.',
  providerAnswerInvalid:
    'The sign-in provider gave an answer this server cannot use. Please try again later.',
  ticketInvalid: 'This sign-in has expired or was already used. Please sign in again.',
  idInUse: 'This outside account is already linked to another user.',
  notLinked:
    'This outside account is not linked to a user yet. Register, or sign in with your password to link it.',
  alreadyLinked: 'Your account already has a linked sign-in with this provider. Unlink it first.',
  emailInUse:
    'An account with this e-mail address already exists, and the provider has not verified the address. Sign in with your password, then link the provider on your profile page.',
  confirmPassword:
    'An account with this e-mail address already exists. Enter its password once to link this sign-in to it.',
  linked: 'Sign-in linked.',
  unlinked: 'Sign-in unlinked.',
  identityNotFound: 'This linked sign-in was not found.',
  linkNeedsSignIn: 'Sign in first to link an outside account.',
  integrationInvalid: 'The integration must be the JSON object {"provider", "ticket"} from the verify step.',
} as const;

/** GET /api/auth/external/providers: the configured providers (none: the buttons do not show). */
export const externalProviderInfoSchema = z.object({
  id: z.enum(EXTERNAL_PROVIDERS),
  label: z.string(),
});
export type ExternalProviderInfo = z.infer<typeof externalProviderInfoSchema>;
export const externalProvidersResponseSchema = z.object({ providers: z.array(externalProviderInfoSchema) });

/** Request step: 'signIn' from the login page, 'link' from the profile page (signed in). */
export const externalRequestSchema = z.object({ purpose: z.enum(['signIn', 'link']).default('signIn') });
/** The provider's page to send the browser to; for OAuth 1.0a also the request token (its secret stays here). */
export const externalRequestResponseSchema = z.object({
  url: z.string(),
  requestToken: z.string().nullable(),
});
export type ExternalRequestResponse = z.infer<typeof externalRequestResponseSchema>;

const param = (max = 2000) => z.string().trim().min(1).max(max);
/** Access step of the code flow: what the provider put on the callback URL. */
export const oidcAccessRequestSchema = z.object({
  code: param(),
  state: param(500),
  iss: z.string().trim().max(2000).optional(),
});
/** Access step of OAuth 1.0a: oauth_token and oauth_verifier from the callback URL. */
export const oauth1AccessRequestSchema = z.object({ oauthToken: param(500), oauthVerifier: param(500) });
/** The access token (and its secret) stay on the server; the browser holds an opaque ticket for the next steps. */
export const externalAccessResponseSchema = z.object({
  provider: z.enum(EXTERNAL_PROVIDERS),
  ticket: z.string(),
});
export type ExternalAccessResponse = z.infer<typeof externalAccessResponseSchema>;

export const externalTicketRequestSchema = z.object({ ticket: param(200) });

/**
 * What the verify step found and what happens next: 'signIn' (linked: POST /api/auth/token with integration),
 * 'register' (new: the register form, filled in), 'confirmPassword' (a verified e-mail matches an account: its
 * password once links it), 'emailInUse' (unverified e-mail of an existing account), 'link' (signed-in linking).
 */
export const EXTERNAL_OUTCOMES = ['signIn', 'register', 'confirmPassword', 'emailInUse', 'link'] as const;
export type ExternalOutcome = (typeof EXTERNAL_OUTCOMES)[number];
export const externalVerifyResponseSchema = z.object({
  provider: z.enum(EXTERNAL_PROVIDERS),
  providerLabel: z.string(),
  /** Spec §7 verify step names. */
  id_str: z.string(),
  email: z.string().nullable(),
  screen_name: z.string(),
  isExistingUser: z.boolean(),
  emailVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  outcome: z.enum(EXTERNAL_OUTCOMES),
});
export type ExternalVerifyResponse = z.infer<typeof externalVerifyResponseSchema>;

/** Spec §7 `integration` of the token call and of register: the ticket of a verified identity. */
export const integrationSchema = boundedJson(
  z.object({ provider: z.enum(EXTERNAL_PROVIDERS), ticket: param(200) }),
);
export type Integration = z.infer<typeof integrationSchema>;

export const linkedIdentitySchema = z.object({
  id: z.string(),
  provider: z.enum(EXTERNAL_PROVIDERS),
  providerLabel: z.string(),
  email: z.string().nullable(),
  displayName: z.string(),
  linkedOn: z.string(),
  lastUsedOn: z.string().nullable(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;
export const linkedIdentitiesResponseSchema = z.object({
  identities: z.array(linkedIdentitySchema),
  providers: z.array(externalProviderInfoSchema),
});
export type LinkedIdentitiesResponse = z.infer<typeof linkedIdentitiesResponseSchema>;
export const unlinkIdentityRequestSchema = z.object({
  identityId: z.uuid(EXTERNAL_MESSAGES.identityNotFound),
});
