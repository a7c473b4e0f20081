import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { usePageTitle } from '../hooks/use-page-title';

/** Spec §2 lock: a template lock screen that only logs locally (no call, nothing unlocked). */
export function LockPage() {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [logged, setLogged] = useState(false);
  usePageTitle(t('lock.title'));
  return (
    <AuthCard title={t('lock.title')} subtitle={t('lock.subtitle')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // The password itself is never logged.
          console.info('lock: unlock requested', { length: password.length });
          setLogged(true);
        }}
      >
        <Stack gap="sm">
          {logged && <Alert color="blue">{t('lock.logged')}</Alert>}
          <PasswordInput
            label={t('lock.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" fullWidth>
            {t('lock.submit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('lock.notYou')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
