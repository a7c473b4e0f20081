import { useState } from 'react';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRedirectWhenSignedIn } from '@/lib/session';
import { forgetRegistration, rememberedRegistration } from '../api/external-api';
import { AuthCard } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';
import { usePageTitle } from '../hooks/use-page-title';

/** Spec §2 register page; spec §4 registration mode after an outside sign-in of someone new. */
export function RegisterPage() {
  const { t } = useTranslation(['auth', 'signin']);
  const navigate = useNavigate();
  const [external] = useState(rememberedRegistration);
  usePageTitle(t('register.pageTitle'));
  useRedirectWhenSignedIn();
  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')} width={560}>
      {external && (
        <Alert color="blue" title={t('signin:register.title', { provider: external.verified.providerLabel })}>
          {t('signin:register.body', {
            provider: external.verified.providerLabel,
            name: external.verified.screen_name || external.verified.email || external.verified.id_str,
          })}
        </Alert>
      )}
      <RegisterForm
        external={external}
        onRegistered={() => {
          forgetRegistration();
          void navigate('/login');
        }}
      />
    </AuthCard>
  );
}
