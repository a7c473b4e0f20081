import { useState } from 'react';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRedirectWhenSignedIn, useSession } from '@/lib/session';
import { AuthCard } from '../components/auth-card';
import { ExternalSignInButtons } from '../components/external-sign-in-buttons';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { LoginForm } from '../components/login-form';
import { ResetPasswordForm } from '../components/reset-password-form';
import { usePageTitle } from '../hooks/use-page-title';

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
        <ResetPasswordForm
          confirmId={session.resetPasswordToken}
          username={session.lastUsername}
          onChanged={() => session.completePasswordReset()}
        />
      </AuthCard>
    );
  }
  if (mode === 'forgot') {
    return (
      <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
        <ForgotPasswordForm initialEmail={email} onBack={() => setMode('login')} />
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
