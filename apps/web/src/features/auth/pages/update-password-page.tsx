import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '@/lib/session';
import { AuthCard } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';
import { usePageTitle } from '../hooks/use-page-title';

/** Spec §2 update-password: the link from the reset e-mail; reads confirmId (confirmid also accepted). */
export function UpdatePasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const { lastUsername, resetPasswordToken } = useSession();
  const navigate = useNavigate();
  usePageTitle(t('reset.pageTitle'));
  // Spec §7: the token is the confirmId query value or the stored reset token.
  const confirmId = params.get('confirmId') ?? params.get('confirmid') ?? resetPasswordToken;

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <ResetPasswordForm
        confirmId={confirmId}
        username={lastUsername}
        onChanged={(login) => {
          // Signed in again with the new password when the user name was known: go to the app.
          if (login?.ok) void navigate('/');
        }}
      />
    </AuthCard>
  );
}
