import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Center, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EXTERNAL_PROVIDERS, type ExternalProvider, type ExternalVerifyResponse } from '@sealplan/contracts';
import { ApiRequestError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useSession, type SignInIntegration } from '@/lib/session';
import {
  accessParams,
  externalAccess,
  externalVerify,
  LINKED_IDENTITIES_KEY,
  linkIdentity,
  rememberRegistration,
} from '../api/external-api';
import { AuthCard } from '../components/auth-card';
import { usePageTitle } from '../hooks/use-page-title';

type View =
  | { kind: 'working' }
  | { kind: 'failed'; message: string }
  | {
      kind: 'confirmPassword' | 'emailInUse';
      verified: ExternalVerifyResponse;
      integration: SignInIntegration;
    };

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError && error.status > 0 && error.messages[0] ? error.messages[0] : fallback;

/**
 * Where a provider sends the browser back (/auth/callback/oidc, /auth/callback/oauth1): access step, verify step,
 * then by outcome sign in, register with the identity filled in, confirm the password once, or link.
 */
export function ExternalCallbackPage() {
  const { t } = useTranslation('signin');
  const { provider: rawProvider = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'working' });
  const [password, setPassword] = useState('');
  const started = useRef(false);
  usePageTitle(t('callback.pageTitle'));

  useEffect(() => {
    // The answer works once: StrictMode's second run and re-renders must not send it again.
    if (started.current) return;
    started.current = true;
    const provider = rawProvider as ExternalProvider;
    if (!(EXTERNAL_PROVIDERS as readonly string[]).includes(provider)) {
      setView({ kind: 'failed', message: t('errors.unknownProvider') });
      return;
    }
    // The user cancelled at the provider (OIDC error=access_denied, OAuth 1.0a denied=…).
    if (search.get('error') || search.get('denied')) {
      setView({ kind: 'failed', message: t('errors.cancelled') });
      return;
    }
    void (async () => {
      let verified: ExternalVerifyResponse;
      let integration: SignInIntegration;
      try {
        const { ticket } = await externalAccess(provider, accessParams(provider, search));
        integration = { provider, ticket };
        verified = await externalVerify(ticket);
      } catch (error) {
        setView({ kind: 'failed', message: messageOf(error, t('errors.generic')) });
        return;
      }
      switch (verified.outcome) {
        case 'signIn': {
          const result = await session.loginWithIntegration(integration);
          if (result.ok) void navigate('/', { replace: true });
          else setView({ kind: 'failed', message: result.message });
          return;
        }
        case 'register':
          // Spec §4: registration mode with the integration data.
          rememberRegistration({ integration, verified });
          void navigate('/register', { replace: true });
          return;
        case 'link':
          try {
            await linkIdentity(integration);
            await queryClient.invalidateQueries({ queryKey: LINKED_IDENTITIES_KEY });
            notify({
              color: 'green',
              message: t('profile.linkedToast', { provider: verified.providerLabel }),
            });
            void navigate('/profile', { replace: true });
          } catch (error) {
            setView({ kind: 'failed', message: messageOf(error, t('errors.generic')) });
          }
          return;
        default:
          setView({ kind: verified.outcome, verified, integration });
      }
    })();
  }, [rawProvider, search, session, navigate, queryClient, t]);

  if (view.kind === 'working') {
    return (
      <AuthCard title={t('callback.title')}>
        <Center py="md">
          <Stack align="center" gap="xs">
            <Loader aria-label={t('callback.working')} />
            <Text size="sm" c="dimmed">
              {t('callback.working')}
            </Text>
          </Stack>
        </Center>
      </AuthCard>
    );
  }

  const back = (
    <Anchor component={Link} to={session.status === 'signedIn' ? '/profile' : '/login'} size="sm">
      {session.status === 'signedIn' ? t('callback.backToProfile') : t('callback.backToLogin')}
    </Anchor>
  );

  if (view.kind === 'failed') {
    return (
      <AuthCard title={t('callback.failedTitle')}>
        <Alert color="red" role="alert">
          {view.message}
        </Alert>
        {back}
      </AuthCard>
    );
  }

  if (view.kind === 'emailInUse') {
    return (
      <AuthCard title={t('callback.emailInUseTitle')}>
        <Alert color="yellow" role="alert">
          {t('callback.emailInUse', { provider: view.verified.providerLabel })}
        </Alert>
        {back}
      </AuthCard>
    );
  }

  // confirmPassword: the provider verified an e-mail of an existing account; its password once links them.
  const { verified, integration } = view;
  const confirm = async (e: React.FormEvent) => {
    e.preventDefault();
    const result = await session.login(verified.email ?? '', password, integration);
    if (result.ok) {
      notify({ color: 'green', message: t('profile.linkedToast', { provider: verified.providerLabel }) });
      void navigate('/', { replace: true });
    }
  };
  return (
    <AuthCard
      title={t('callback.confirmTitle')}
      subtitle={t('callback.confirmSubtitle', { provider: verified.providerLabel })}
    >
      <form onSubmit={(e) => void confirm(e)} aria-label={t('callback.confirmTitle')}>
        <Stack gap="sm">
          {session.errors.length > 0 && (
            <Alert color="red" role="alert">
              {session.errors.join('. ')}
            </Alert>
          )}
          <TextInput
            label={t('callback.email')}
            value={verified.email ?? ''}
            readOnly
            autoComplete="username"
          />
          <PasswordInput
            label={t('callback.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={session.isLoading} disabled={password === ''} fullWidth>
            {t('callback.confirmSubmit')}
          </Button>
          {back}
        </Stack>
      </form>
    </AuthCard>
  );
}
