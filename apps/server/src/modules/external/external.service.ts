import type { FastifyBaseLogger } from 'fastify';
import {
  EXTERNAL_CALLBACK_PATHS,
  EXTERNAL_MESSAGES,
  EXTERNAL_REQUEST_TTL_MS,
  EXTERNAL_TICKET_TTL_MS,
  type ExternalAccessResponse,
  type ExternalOutcome,
  type ExternalProvider,
  type ExternalProviderInfo,
  type ExternalRequestResponse,
  type ExternalVerifyResponse,
  type Integration,
  type LinkedIdentitiesResponse,
} from '@sealplan/contracts';
import type { ExternalIdentityClaims } from '@sealplan/db';
import { AppError } from '../../errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthUser } from '../../shared/auth-user';
import type { ExternalRepository, SignInStateRow } from './external.repository';
import { ProviderFailure, type ProviderAdapter } from './providers/provider-adapter';

export interface ExternalSignInDeps {
  repo: ExternalRepository;
  /** The configured providers (none: every call answers "not configured"). */
  adapters: Partial<Record<ExternalProvider, ProviderAdapter>>;
  publicUrl: string;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

const failed = (message: string) => new AppError('EXTERNAL_SIGN_IN_FAILED', message);

/**
 * Sign-in with outside providers (spec §4 social sign-in, docs/decisions/018-external-sign-in.md): request →
 * (the provider) → access → verify, then the verified identity is used once: to sign in its linked user
 * (token call with integration), to register, to link after the account's password, or to link while signed in.
 * An e-mail match alone never signs anyone in.
 */
export function createExternalSignInService({ repo, adapters, publicUrl, now, log }: ExternalSignInDeps) {
  function adapter(provider: string): ProviderAdapter {
    const found = adapters[provider as ExternalProvider];
    if (!found) throw new AppError('EXTERNAL_NOT_CONFIGURED', EXTERNAL_MESSAGES.notConfigured);
    return found;
  }

  const callbackUrl = (provider: ExternalProvider) =>
    new URL(EXTERNAL_CALLBACK_PATHS[provider], publicUrl).href;
  const later = (ms: number) => new Date(now().getTime() + ms);

  /** A provider's failure as the user reads it; what the provider said goes to the log, never to the browser. */
  async function guarded<T>(provider: ExternalProvider, step: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ProviderFailure)) throw error;
      log.warn({ provider, step, kind: error.kind, detail: error.detail }, 'external sign-in step failed');
      throw new AppError(
        error.kind === 'unavailable' ? 'EXTERNAL_PROVIDER_UNAVAILABLE' : 'EXTERNAL_SIGN_IN_FAILED',
        error.userMessage,
      );
    }
  }

  function checkBrowser(state: SignInStateRow, browserKey: string | null) {
    if (!browserKey || hashToken(browserKey) !== state.browserKeyHash)
      throw failed(EXTERNAL_MESSAGES.otherBrowser);
  }

  /** A verified ticket, unused and unexpired, of the given provider. */
  async function verifiedState(integration: Integration): Promise<SignInStateRow> {
    const state = await repo.findByTicket(hashToken(integration.ticket), now());
    if (!state || state.provider !== integration.provider || state.step !== 'verified' || !state.claims) {
      throw failed(EXTERNAL_MESSAGES.ticketInvalid);
    }
    return state;
  }

  /** Uses a ticket once (two concurrent uses: one wins). */
  async function consume(
    integration: Integration,
    purpose: 'signIn' | 'link',
  ): Promise<{ state: SignInStateRow; claims: ExternalIdentityClaims; source: ProviderAdapter }> {
    const state = await verifiedState(integration);
    if (state.purpose !== purpose) throw failed(EXTERNAL_MESSAGES.ticketInvalid);
    const used = await repo.advance(state.id, 'verified', 'used');
    if (!used?.claims) throw failed(EXTERNAL_MESSAGES.ticketInvalid);
    return { state: used, claims: used.claims, source: adapter(used.provider) };
  }

  async function bind(userId: string, source: ProviderAdapter, claims: ExternalIdentityClaims) {
    const result = await repo.bind({ userId, provider: source.id, issuer: source.issuer, claims, at: now() });
    if (result === 'inUse') throw new AppError('EXTERNAL_ID_IN_USE', EXTERNAL_MESSAGES.idInUse);
    if (result === 'alreadyLinked') throw new AppError('CONFLICT', EXTERNAL_MESSAGES.alreadyLinked);
    log.info({ userId, provider: source.id }, 'external identity linked');
  }

  function providers(): ExternalProviderInfo[] {
    return Object.values(adapters).map((a) => ({ id: a.id, label: a.label }));
  }

  async function identities(caller: AuthUser): Promise<LinkedIdentitiesResponse> {
    const rows = await repo.identitiesOf(caller.id);
    const labels = new Map(providers().map((p) => [p.id, p.label]));
    return {
      identities: rows.map((r) => ({
        id: r.id,
        provider: r.provider as ExternalProvider,
        providerLabel: labels.get(r.provider as ExternalProvider) ?? r.provider,
        email: r.email,
        displayName: r.displayName,
        linkedOn: r.createdOn.toISOString(),
        lastUsedOn: r.lastUsedOn?.toISOString() ?? null,
      })),
      providers: providers(),
    };
  }

  return {
    providers,
    identities,

    /** Request step: where to send the browser. The browser key (HttpOnly cookie) binds the attempt to it. */
    async request(
      provider: ExternalProvider,
      purpose: 'signIn' | 'link',
      caller: AuthUser | null,
      browserKey: string,
    ): Promise<ExternalRequestResponse> {
      const source = adapter(provider);
      if (purpose === 'link' && !caller)
        throw new AppError('UNAUTHENTICATED', EXTERNAL_MESSAGES.linkNeedsSignIn);
      const start = await guarded(provider, 'request', () => source.start(callbackUrl(provider)));
      await repo.insertState(
        {
          provider,
          purpose,
          userId: purpose === 'link' ? caller!.id : null,
          browserKeyHash: hashToken(browserKey),
          lookupKey: start.lookupKey,
          step: 'requested',
          nonce: start.nonce ?? null,
          codeVerifier: start.codeVerifier ?? null,
          requestTokenSecret: start.requestTokenSecret ?? null,
          expiresAt: later(EXTERNAL_REQUEST_TTL_MS),
        },
        now(),
      );
      return { url: start.url, requestToken: start.requestToken };
    },

    /**
     * Access step: the provider's answer (OIDC code + state, or OAuth 1.0a token + verifier) exchanged for an
     * access token, kept here. Each answer works once; the browser gets an opaque ticket for the next steps.
     */
    async access(
      provider: ExternalProvider,
      params: Record<string, string | undefined>,
      browserKey: string | null,
      caller: AuthUser | null,
    ): Promise<ExternalAccessResponse> {
      const source = adapter(provider);
      const lookupKey = (provider === 'oidc' ? params.state : params.oauthToken) ?? '';
      const state = await repo.findByLookup(provider, lookupKey);
      if (!state) throw failed(EXTERNAL_MESSAGES.stateInvalid);
      if (state.step !== 'requested') throw failed(EXTERNAL_MESSAGES.alreadyUsed);
      if (state.expiresAt.getTime() <= now().getTime()) throw failed(EXTERNAL_MESSAGES.requestExpired);
      checkBrowser(state, browserKey);
      // Not a 401: that would end the session of whoever is signed in in this browser.
      if (state.purpose === 'link' && caller?.id !== state.userId)
        throw failed(EXTERNAL_MESSAGES.linkNeedsSignIn);
      // Claimed before the provider is asked: a replayed answer stops here even while the first is running.
      const claimed = await repo.advance(state.id, 'requested', 'accessing');
      if (!claimed) throw failed(EXTERNAL_MESSAGES.alreadyUsed);
      let result;
      try {
        result = await guarded(provider, 'access', () =>
          source.access(claimed, params, callbackUrl(provider)),
        );
      } catch (error) {
        await repo.advance(state.id, 'accessing', 'failed');
        throw error;
      }
      const ticket = newToken();
      await repo.advance(state.id, 'accessing', 'accessed', {
        accessToken: result.accessToken,
        accessTokenSecret: result.accessTokenSecret,
        claims: result.claims,
        ticketHash: hashToken(ticket),
        expiresAt: later(EXTERNAL_TICKET_TTL_MS),
      });
      return { provider, ticket };
    },

    /** Verify step: who signed in at the provider, and what happens next (asking the provider once). */
    async verify(ticket: string, browserKey: string | null): Promise<ExternalVerifyResponse> {
      let state = await repo.findByTicket(hashToken(ticket), now());
      if (!state || (state.step !== 'accessed' && state.step !== 'verified')) {
        throw failed(EXTERNAL_MESSAGES.ticketInvalid);
      }
      checkBrowser(state, browserKey);
      const source = adapter(state.provider);
      if (state.step === 'accessed') {
        const current = state;
        const claims = await guarded(source.id, 'verify', () => source.verify(current));
        state = (await repo.advance(state.id, 'accessed', 'verified', { claims })) ?? state;
        state = { ...state, claims, step: 'verified' };
      }
      const claims = state.claims!;
      const identity = await repo.findIdentity(source.issuer, claims.subject);
      let outcome: ExternalOutcome;
      if (state.purpose === 'link') {
        if (identity && identity.userId !== state.userId) {
          throw new AppError('EXTERNAL_ID_IN_USE', EXTERNAL_MESSAGES.idInUse);
        }
        outcome = 'link';
      } else if (identity) outcome = 'signIn';
      else if (claims.email && (await repo.emailInUse(claims.email))) {
        outcome = claims.emailVerified ? 'confirmPassword' : 'emailInUse';
      } else outcome = 'register';
      return {
        provider: source.id,
        providerLabel: source.label,
        id_str: claims.subject,
        email: claims.email,
        screen_name: claims.screenName,
        isExistingUser: identity !== null,
        emailVerified: claims.emailVerified,
        firstName: claims.firstName,
        lastName: claims.lastName,
        outcome,
      };
    },

    /** Token call with an integration alone: the linked user's id (the auth service then applies the spec's rules). */
    async signInUserFor(integration: Integration): Promise<string> {
      const { claims, source } = await consume(integration, 'signIn');
      const identity = await repo.findIdentity(source.issuer, claims.subject);
      if (!identity) throw failed(EXTERNAL_MESSAGES.notLinked);
      await repo.touchIdentity(identity.id, now());
      return identity.userId;
    },

    /** Token call with username, password and integration: the password was right, so the identity is linked. */
    async linkAfterPassword(integration: Integration, userId: string): Promise<void> {
      const { claims, source } = await consume(integration, 'signIn');
      await bind(userId, source, claims);
    },

    /** Register with Integration: checked before the account is written… */
    async peekTicket(integration: Integration): Promise<void> {
      const state = await verifiedState(integration);
      if (state.purpose !== 'signIn') throw failed(EXTERNAL_MESSAGES.ticketInvalid);
      const source = adapter(state.provider);
      if (await repo.findIdentity(source.issuer, state.claims!.subject)) {
        throw new AppError('EXTERNAL_ID_IN_USE', EXTERNAL_MESSAGES.idInUse);
      }
    },

    /** …and linked to it once it exists. */
    async linkNewUser(userId: string, integration: Integration): Promise<void> {
      const { claims, source } = await consume(integration, 'signIn');
      await bind(userId, source, claims);
    },

    /** Profile: link the identity verified while signed in. */
    async link(caller: AuthUser, integration: Integration): Promise<LinkedIdentitiesResponse> {
      const { state, claims, source } = await consume(integration, 'link');
      if (state.userId !== caller.id) throw failed(EXTERNAL_MESSAGES.ticketInvalid);
      await bind(caller.id, source, claims);
      return identities(caller);
    },

    async unlink(caller: AuthUser, identityId: string): Promise<LinkedIdentitiesResponse> {
      if (!(await repo.unbind(caller.id, identityId))) {
        throw new AppError('NOT_FOUND', EXTERNAL_MESSAGES.identityNotFound);
      }
      log.info({ userId: caller.id, identityId }, 'external identity unlinked');
      return identities(caller);
    },
  };
}

export type ExternalSignInService = ReturnType<typeof createExternalSignInService>;
