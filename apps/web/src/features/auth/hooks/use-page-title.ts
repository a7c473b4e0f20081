import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §1: page title = the provider's short name, ' | ', the page title. */
export function usePageTitle(title: string) {
  const { t } = useTranslation('common');
  const appName = t('appName');
  useEffect(() => {
    document.title = `${appName} | ${title}`;
  }, [appName, title]);
}
