import { useCallback, useEffect } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Asks "close without saving?" (spec §2 wording) and calls `onLeave` when the user confirms; `onStay` when not.
 */
export function useConfirmLeave(): (onLeave: () => void, onStay?: () => void) => void {
  const { t } = useTranslation('common');
  return useCallback(
    (onLeave, onStay) =>
      modals.openConfirmModal({
        title: t('unsaved.title'),
        children: <Text size="sm">{t('unsaved.message')}</Text>,
        labels: { confirm: t('unsaved.leave'), cancel: t('unsaved.stay') },
        confirmProps: { color: 'red' },
        onConfirm: onLeave,
        onCancel: onStay,
        onClose: onStay,
      }),
    [t],
  );
}

/**
 * While `dirty`, leaving the page asks first: navigation to another path in the app (the confirm dialog above)
 * and closing or reloading the tab (the browser's own question). Query-string changes on the same page pass.
 */
export function useLeaveGuard(dirty: boolean): void {
  const confirmLeave = useConfirmLeave();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // The dialog closes after either answer (onClose follows onConfirm): only the first answer counts.
    let answered = false;
    confirmLeave(
      () => {
        answered = true;
        blocker.proceed();
      },
      () => {
        if (answered) return;
        answered = true;
        blocker.reset();
      },
    );
  }, [blocker, confirmLeave]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
