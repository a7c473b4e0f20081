import { IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPageFrame } from './status-page-frame';

/** Spec §2: 404 and any unknown path, with links to the app, login and register. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <StatusPageFrame
      icon={<IconMapSearch size={34} />}
      code="404"
      heading={t('errors.notFound.heading')}
      message={t('errors.notFound.message')}
      links={[
        { to: '/', label: t('errors.links.app') },
        { to: '/login', label: t('errors.links.login') },
        { to: '/register', label: t('errors.links.register') },
      ]}
    />
  );
}
