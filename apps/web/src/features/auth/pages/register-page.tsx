import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRedirectWhenSignedIn } from '@/lib/session';
import { AuthCard } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';
import { usePageTitle } from '../hooks/use-page-title';

/** Spec §2 register page. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  usePageTitle(t('register.pageTitle'));
  useRedirectWhenSignedIn();
  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')} width={560}>
      <RegisterForm onRegistered={() => void navigate('/login')} />
    </AuthCard>
  );
}
