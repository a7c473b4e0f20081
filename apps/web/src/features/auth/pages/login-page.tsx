import { lazy, Suspense, useState } from 'react';
import { Alert, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRedirectWhenSignedIn, useSession } from '@/lib/session';
import { AuthCard } from '../components/auth-card';
import { ExternalSignInButtons } from '../components/external-sign-in-buttons';
import { LoginForm } from '../components/login-form';
import { usePageTitle } from '../hooks/use-page-title';

// The forgot-password and reset forms validate with zod as they render; they are fetched when shown, so the login
// page's first download carries no zod (ADR 033).
const ForgotPasswordForm = lazy(async () => ({
  default: (await import('../components/forgot-password-form')).ForgotPasswordForm,
}));
const ResetPasswordForm = lazy(async () => ({
  default: (await import('../components/reset-password-form')).ResetPasswordForm,
}));

/**
 * Spec §2 login screen: the login form; the reset-password form replaces it when the account requires a
 * password reset; the forgot-password form with 'Nevermind, I remember'.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  const [email, setEmail] = useState('');
  usePageTitle(t('login.pageTitle'));
  useRedirectWhenSignedIn();

  if (session.status === 'signedIn' && session.requiresPasswordReset) {
    return (
      <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
        <Alert color="yellow">{t('reset.required')}</Alert>
        <Suspense fallback={<Loader size="sm" aria-label={t('common:loading')} />}>
          <ResetPasswordForm
            confirmId={session.resetPasswordToken}
            username={session.lastUsername}
            onChanged={() => session.completePasswordReset()}
          />
        </Suspense>
      </AuthCard>
    );
  }
  if (mode === 'forgot') {
    return (
      <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
        <Suspense fallback={<Loader size="sm" aria-label={t('common:loading')} />}>
          <ForgotPasswordForm initialEmail={email} onBack={() => setMode('login')} />
        </Suspense>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm
        initialEmail={email}
        onForgot={(current) => {
          setEmail(current);
          setMode('forgot');
        }}
        onRegister={() => void navigate('/register')}
        onResult={(result) => {
          // Spec §4: a user without admin.access is signed out and sent to /.
          if (!result.ok && result.kind === 'notAuthorized') void navigate('/');
        }}
      />
      <ExternalSignInButtons />
    </AuthCard>
  );
}
