import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { usePageTitle } from '../hooks/use-page-title';

/** Spec §2 recover: a template recovery form that only logs locally (no call). */
export function RecoverPage() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [logged, setLogged] = useState(false);
  usePageTitle(t('recover.title'));
  return (
    <AuthCard title={t('recover.title')} subtitle={t('recover.subtitle')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          console.info('recover', { email });
          setLogged(true);
        }}
      >
        <Stack gap="sm">
          {logged && <Alert color="blue">{t('recover.logged')}</Alert>}
          <TextInput
            type="email"
            label={t('recover.email')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Button type="submit" fullWidth>
            {t('recover.submit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('recover.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
