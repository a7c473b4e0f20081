import {
  startTransition,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Center, Loader } from '@mantine/core';
import { notify } from '@/lib/toast';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { PERMISSIONS } from '@sealplan/contracts';
import {
  ANONYMOUS_TOKEN,
  ApiRequestError,
  callApi,
  getStoredToken,
  onUnauthorized,
  setStoredToken,
  TOKEN_STORAGE_KEY,
} from './api-client';
import { i18n } from './i18n';

/** Spec §9: the token is re-validated every 300 s while signed in. */
export const TOKEN_REVALIDATE_MS = 300_000;
/** Spec §9: a visitor who is not signed in is sent to /login after 500 ms. */
export const LOGIN_REDIRECT_DELAY_MS = 500;
/** Spec §4: the routes a visitor who is not signed in may stay on. */
export const PUBLIC_ROUTES = ['/login', '/register', '/update-password', '/user/update-password'] as const;
/** This browser's own device id, sent with setDevice after every sign-in (spec §7). */
export const DEVICE_ID_STORAGE_KEY = 'sealplan.deviceId';

/** Spec §7 integration: the ticket of an outside identity verified by the server (docs/decisions/018). */
export interface SignInIntegration {
  provider: 'oidc' | 'oauth1';
  ticket: string;
}

/** The id this browser reports as its device (made once, kept in local storage). */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_ID_STORAGE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_ID_STORAGE_KEY, id);
  }
  return id;
}

export type MeasurementSystem = 'METRIC' | 'IMPERIAL';
export type SessionStatus = 'initializing' | 'anonymous' | 'signedIn';

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  company: string;
  organizationId: string | null;
  organizationName: string | null;
  /** The user's organization is the provider's (ADR 005: its ElevatedUsers reach every organization). */
  isProviderOrganization: boolean;
  roles: string[];
  permissions: string[];
  defaultMeasurementSystem: MeasurementSystem;
  languagePreference: string | null;
}

/** Why the last sign-in attempt failed; screens branch on `kind`, the text is ready to show. */
export type LoginResult =
  | { ok: true; requiresPasswordReset: boolean }
  | { ok: false; kind: 'credentials' | 'pending' | 'denied' | 'notAuthorized' | 'other'; message: string };

export interface SessionValue {
  status: SessionStatus;
  user: SessionUser | null;
  /** Spec §4: set when the token call answered a reset-password token; the login page then shows the reset form. */
  requiresPasswordReset: boolean;
  /** The reset token from the token call (used as confirmId by the reset form). */
  resetPasswordToken: string | null;
  /** The e-mail of the last sign-in, so that a password reset can sign in again (spec §4). */
  lastUsername: string | null;
  /** Spec §3 auth state: loading while a sign-in runs, errors of the last one. */
  isLoading: boolean;
  errors: string[];
  /** With an integration, the password also links the outside identity to the account (ADR 018). */
  login: (username: string, password: string, integration?: SignInIntegration) => Promise<LoginResult>;
  /** Spec §4 social sign-in: the user linked to a verified outside identity. */
  loginWithIntegration: (integration: SignInIntegration) => Promise<LoginResult>;
  logout: () => Promise<void>;
  refreshUser: () => Promise<SessionUser | null>;
  hasRole: (...roles: string[]) => boolean;
  /** Clears the reset requirement once the password was changed. */
  completePasswordReset: () => void;
  /** Set when the session ended by sign-out (go to /login now) or expiry (after the delay). */
  endReason: 'logout' | 'expired' | null;
}

const SessionContext = createContext<SessionValue | null>(null);

interface TokenAnswer {
  access_token: string;
  resetPasswordToken?: string | null;
}

type Raw = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const strList = (v: unknown): string[] =>
  Array.isArray(v)
    ? v
        .map((x) => (typeof x === 'string' ? x : str((x as Raw | null)?.id)))
        .filter((x): x is string => x !== null)
    : [];

/**
 * Reads GET /api/auth/current-user `data.user` into the session user. Spec §7 says the client reads
 * user.Attributes and user.Roles, so both the camelCase contract and those spec names are accepted.
 */
export function toSessionUser(data: unknown): SessionUser {
  const root = (data ?? {}) as Raw;
  const u = ((root.user as Raw | undefined) ?? root) as Raw;
  const attributes = ((u.attributes ?? u.Attributes ?? {}) as Raw) || {};
  const settings = (u.applicationSettings ?? attributes.applicationSettings ?? {}) as Raw;
  const org = (u.organization ?? null) as Raw | null;
  const system = str(u.defaultMeasurementSystem) ?? str(settings.defaultMeasurementSystem);
  return {
    id: str(u.id) ?? str(u.Id) ?? str(u.userId) ?? '',
    email: str(u.email) ?? str(u.emailAddress) ?? str(u.userName) ?? str(u.UserName) ?? '',
    firstName: str(u.firstName) ?? str(u.FirstName) ?? str(attributes.firstName) ?? '',
    lastName: str(u.lastName) ?? str(u.LastName) ?? str(attributes.lastName) ?? '',
    phoneNumber: str(u.phoneNumber) ?? str(attributes.phoneNumber),
    company: str(u.company) ?? str(attributes.company) ?? '',
    organizationId: str(u.organizationId) ?? str(org?.id),
    organizationName: str(u.organizationName) ?? str(org?.name),
    isProviderOrganization: org?.isProvider === true,
    roles: strList(u.roles ?? u.Roles),
    permissions: strList(u.permissions ?? u.Permissions),
    defaultMeasurementSystem: system === 'METRIC' ? 'METRIC' : 'IMPERIAL',
    languagePreference: str(u.languagePreference) ?? str(u.LanguagePreference),
  };
}

/** Spec §8: the text shown for a failed sign-in. */
export function loginFailure(error: unknown): Extract<LoginResult, { ok: false }> {
  const t = i18n.getFixedT(null, 'auth');
  if (error instanceof ApiRequestError) {
    if (error.code === 'INVALID_CREDENTIALS')
      return { ok: false, kind: 'credentials', message: t('login.incorrect') };
    // The server words the pending/denied/suspended texts (spec §4); fall back to ours if it sent none.
    const serverText = error.messages.filter(Boolean).join('. ');
    if (error.code === 'ACCOUNT_PENDING')
      return { ok: false, kind: 'pending', message: serverText || t('login.pending') };
    if (error.code === 'ACCOUNT_DENIED')
      return { ok: false, kind: 'denied', message: serverText || t('login.denied') };
    if (error.code === 'FORBIDDEN')
      return { ok: false, kind: 'notAuthorized', message: t('session.notAuthorized') };
    if (error.status > 0 && error.status < 500 && serverText)
      return { ok: false, kind: 'other', message: serverText };
  }
  return { ok: false, kind: 'other', message: t('login.failed') };
}

interface State {
  status: SessionStatus;
  user: SessionUser | null;
  requiresPasswordReset: boolean;
  resetPasswordToken: string | null;
  lastUsername: string | null;
  isLoading: boolean;
  errors: string[];
  endReason: 'logout' | 'expired' | null;
}

const anonymousState = (endReason: State['endReason'] = null): State => ({
  status: 'anonymous',
  user: null,
  requiresPasswordReset: false,
  resetPasswordToken: null,
  lastUsername: null,
  isLoading: false,
  errors: [],
  endReason,
});

/**
 * Spec §4 "Accounts and session". Router-agnostic on purpose (it may sit above the router): screens and
 * the guards below do the navigation. Must sit inside the QueryClientProvider (sign-out clears the cache).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(() => ({
    ...anonymousState(),
    status: getStoredToken() === ANONYMOUS_TOKEN ? 'anonymous' : 'initializing',
  }));
  const stateRef = useRef(state);
  stateRef.current = state;

  const dropToAnonymous = useCallback(
    (endReason: State['endReason']) => {
      setStoredToken(ANONYMOUS_TOKEN);
      queryClient.clear();
      setState(anonymousState(endReason));
    },
    [queryClient],
  );

  /** Loads the current user; signed in only once it loads (spec §4). */
  const loadUser = useCallback(
    async (pageLoad = false): Promise<SessionUser | 'notAuthorized' | 'failed'> => {
      let user: SessionUser;
      try {
        user = toSessionUser(await callApi('auth.currentUser'));
      } catch (error) {
        // Spec §4: a current-user load failure marks the session logged out but initialised.
        setState((s) => ({ ...s, status: 'anonymous', user: null, isLoading: false }));
        return error instanceof ApiRequestError && error.code === 'FORBIDDEN' ? 'notAuthorized' : 'failed';
      }
      if (!user.permissions.includes(PERMISSIONS.ADMIN_ACCESS)) {
        // Spec §4: without admin.access: 'You are not authorized.', signed out, sent to /.
        notify({ color: 'red', message: i18n.t('auth:session.notAuthorized') });
        await callApi('auth.signout').catch(() => undefined);
        dropToAnonymous(null);
        return 'notAuthorized';
      }
      const signedIn = () =>
        setState((s) => ({ ...s, status: 'signedIn', user, isLoading: false, endReason: null }));
      // On a page load the signed-in shell's first render is the largest of the load: as a transition, React renders
      // it in slices and the page stays responsive meanwhile (ADR 033); the loader shows until it is ready.
      if (pageLoad) startTransition(signedIn);
      else signedIn();
      return user;
    },
    [dropToAnonymous],
  );

  // Spec §4: start with the stored token, or store the anonymous one.
  useEffect(() => {
    if (localStorage.getItem(TOKEN_STORAGE_KEY) === null) setStoredToken(ANONYMOUS_TOKEN);
    if (getStoredToken() !== ANONYMOUS_TOKEN) void loadUser(true);
  }, [loadUser]);

  // Spec §4: a 401 drops the session to anonymous and clears the user.
  useEffect(() => {
    const unsubscribe = onUnauthorized(() => {
      if (getStoredToken() === ANONYMOUS_TOKEN && stateRef.current.status !== 'signedIn') return;
      console.info('Your token has expired');
      dropToAnonymous('expired');
    });
    return () => void unsubscribe();
  }, [dropToAnonymous]);

  // Spec §4: re-validate the token every 300 s while signed in; only a 401 counts as invalid.
  useEffect(() => {
    if (state.status !== 'signedIn') return;
    const timer = window.setInterval(() => {
      callApi('auth.validatetoken').catch(() => undefined); // a 401 reaches onUnauthorized above
    }, TOKEN_REVALIDATE_MS);
    return () => window.clearInterval(timer);
  }, [state.status]);

  /** Spec §4 login: the token call, then the current user; the device is recorded once signed in. */
  const signIn = useCallback(
    async (
      form: { username?: string; password?: string; integration?: string },
      username: string | null,
    ): Promise<LoginResult> => {
      setState((s) => ({ ...s, errors: [], isLoading: true, lastUsername: username }));
      let answer: TokenAnswer;
      try {
        answer = await callApi('auth.token', {
          body: { grant_type: 'password', isCustomer: 'true', ...form },
        });
      } catch (error) {
        const failure = loginFailure(error);
        setState((s) => ({ ...s, isLoading: false, errors: [failure.message] }));
        return failure;
      }
      setStoredToken(answer.access_token);
      const resetToken = answer.resetPasswordToken ?? null;
      setState((s) => ({ ...s, requiresPasswordReset: resetToken !== null, resetPasswordToken: resetToken }));
      const user = await loadUser();
      if (typeof user === 'string') {
        const failure =
          user === 'notAuthorized'
            ? loginFailure(new ApiRequestError(403, 'FORBIDDEN', ''))
            : loginFailure(null);
        setState((s) => ({ ...s, isLoading: false, errors: [failure.message] }));
        return failure;
      }
      // Spec §7 setDevice: the profile lists where the user is signed in (a failure here costs nothing).
      await callApi('user.setDevice', {
        body: { deviceInfo: { deviceId: deviceId() } },
      }).catch(() => undefined);
      return { ok: true, requiresPasswordReset: resetToken !== null };
    },
    [loadUser],
  );

  const login = useCallback(
    (username: string, password: string, integration?: SignInIntegration) =>
      signIn(
        { username, password, ...(integration ? { integration: JSON.stringify(integration) } : {}) },
        username,
      ),
    [signIn],
  );

  const loginWithIntegration = useCallback(
    (integration: SignInIntegration) => signIn({ integration: JSON.stringify(integration) }, null),
    [signIn],
  );

  const logout = useCallback(async () => {
    // Spec §4: sign-out is called first; the local session ends either way so nobody is stuck signed in.
    await callApi('auth.signout').catch(() => undefined);
    dropToAnonymous('logout');
  }, [dropToAnonymous]);

  const value = useMemo<SessionValue>(
    () => ({
      ...state,
      login,
      loginWithIntegration,
      logout,
      refreshUser: async () => {
        const user = await loadUser();
        return typeof user === 'string' ? null : user;
      },
      hasRole: (...roles: string[]) => state.user?.roles.some((r) => roles.includes(r)) ?? false,
      completePasswordReset: () =>
        setState((s) => ({ ...s, requiresPasswordReset: false, resetPasswordToken: null })),
    }),
    [state, login, loginWithIntegration, logout, loadUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The signed-in user, or null signed out or outside a session (a screen's optional actions ask this). */
export function useSessionUser(): SessionUser | null {
  return useContext(SessionContext)?.user ?? null;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>.');
  return value;
}

function FullPageLoader() {
  return (
    <Center h="60vh">
      <Loader aria-label={i18n.t('common:loading')} />
    </Center>
  );
}

/**
 * Guard for the signed-in layout (spec §4, §6): renders children only when signed in. Not signed in:
 * after 500 ms to /login (at once after a sign-out), keeping the wanted path in `from`.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status, endReason } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (status !== 'anonymous') return;
    const go = () =>
      void navigate('/login', { replace: true, state: { from: location.pathname + location.search } });
    if (endReason === 'logout') {
      go();
      return;
    }
    const timer = window.setTimeout(go, LOGIN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [status, endReason, navigate, location.pathname, location.search]);
  return status === 'signedIn' ? <>{children}</> : <FullPageLoader />;
}

/**
 * Guard for pages meant for some users only, by a rule on the signed-in user (the catalogue: provider-wide
 * reach, `hasProviderWideReach`). Use inside RequireSession; others are sent to /.
 */
export function RequireAccess({
  allow,
  children,
}: {
  allow: (user: SessionUser) => boolean;
  children: ReactNode;
}) {
  const { status, user } = useSession();
  const allowed = status === 'signedIn' && user !== null && allow(user);
  const navigate = useNavigate();
  useEffect(() => {
    if (status === 'signedIn' && !allowed) void navigate('/', { replace: true });
  }, [status, allowed, navigate]);
  return allowed ? <>{children}</> : <FullPageLoader />;
}

/**
 * Spec §4: on login or register, a signed-in user goes to / (unless a password reset is required first).
 */
export function useRedirectWhenSignedIn() {
  const { status, requiresPasswordReset } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (status !== 'signedIn' || requiresPasswordReset) return;
    const from = (location.state as { from?: string } | null)?.from;
    void navigate(from && from !== '/login' ? from : '/', { replace: true });
  }, [status, requiresPasswordReset, navigate, location.state]);
}
