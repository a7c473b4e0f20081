import { Select, type SelectProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../hooks/use-language';

/** Spec §4 language map as a select (English (US), English (UK), Mandarin (CH), French (FR), Deutsch (DE)). */
export function LanguageSelect(props: Omit<SelectProps, 'data' | 'value' | 'onChange'>) {
  const { t } = useTranslation('shell');
  const { label, options, setLanguage } = useLanguage();
  return (
    <Select
      label={t('language.label')}
      leftSection={<IconLanguage size={16} aria-hidden />}
      allowDeselect={false}
      checkIconPosition="right"
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={options}
      value={label}
      onChange={(value) => value && setLanguage(value)}
    />
  );
}
