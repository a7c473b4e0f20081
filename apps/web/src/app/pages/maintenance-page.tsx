import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPageFrame } from './status-page-frame';

/** Spec §2 /maintenance: 'SITE IS UNDER MAINTENANCE' / "We'll back online shortly!". */
export function MaintenancePage() {
  const { t } = useTranslation('shell');
  return (
    <StatusPageFrame
      icon={<IconTool size={34} />}
      heading={t('errors.maintenance.heading')}
      message={t('errors.maintenance.message')}
    />
  );
}
