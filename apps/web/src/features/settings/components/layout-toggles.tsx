import { Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShellPreferences } from '../hooks/use-shell-preferences';
import { LAYOUT_TOGGLES } from '../model/shell-preferences';

/** Spec §1: the layout toggles fixed, boxed, collapsed, float, hover, scrollbar; each applies at once. */
export function LayoutToggles() {
  const { t } = useTranslation('shell');
  const { preferences, setToggle } = useShellPreferences();
  return (
    <Stack gap="sm">
      {LAYOUT_TOGGLES.map((toggle) => (
        <Switch
          key={toggle}
          checked={preferences[toggle]}
          onChange={(event) => setToggle(toggle, event.currentTarget.checked)}
          label={t(`layout.${toggle}.label`)}
          description={t(`layout.${toggle}.description`)}
        />
      ))}
    </Stack>
  );
}
