import { IconMoodSad } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPageFrame } from './status-page-frame';

/**
 * Spec §2 /500: 'Oh! Something went wrong :(' with links. Also what the error boundaries show, where the links
 * reload the page (a fresh start after a crash), which is why they are plain anchors there.
 */
export function ServerErrorPage({
  reload = false,
  embedded = false,
}: {
  reload?: boolean;
  embedded?: boolean;
}) {
  const { t } = useTranslation('shell');
  return (
    <StatusPageFrame
      icon={<IconMoodSad size={34} />}
      code="500"
      heading={t('errors.serverError.heading')}
      message={t('errors.serverError.message')}
      reload={reload}
      embedded={embedded}
      links={[
        { to: '/', label: t('errors.links.app') },
        { to: '/login', label: t('errors.links.login') },
      ]}
    />
  );
}
