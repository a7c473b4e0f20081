import { LoadingOverlay, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface LoaderOverlayProps {
  visible: boolean;
  /** Spec §2: optional label under the spinner ("Saving…"). */
  label?: string;
}

/**
 * Spec §2 loader overlay: covers its nearest positioned parent (give that parent `pos="relative"`) while work
 * runs, so nothing underneath can be clicked twice.
 */
export function LoaderOverlay({ visible, label }: LoaderOverlayProps) {
  const { t } = useTranslation('common');
  return (
    <LoadingOverlay
      visible={visible}
      zIndex={300}
      overlayProps={{ blur: 1, backgroundOpacity: 0.35 }}
      loaderProps={{
        children: (
          <Stack align="center" gap="xs" role="status" aria-live="polite">
            <Loader aria-hidden />
            {label ? (
              <Text size="sm" fw={500}>
                {label}
              </Text>
            ) : (
              <VisuallyHidden>{t('loading')}</VisuallyHidden>
            )}
          </Stack>
        ),
      }}
    />
  );
}
