import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '@/lib/i18n';

/**
 * Spec §2 confirm dialog: message (default 'Are you sure you want to continue?'), Cancel and OK.
 * X or Cancel answers false, OK answers true.
 */
export function confirmAction(message?: string): Promise<boolean> {
  const t = i18n.getFixedT(null, 'admin');
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title: t('confirm.title'),
      centered: true,
      children: <Text size="sm">{message ?? t('confirm.message')}</Text>,
      labels: { confirm: t('confirm.ok'), cancel: t('confirm.cancel') },
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
}

/** Spec §8: user admin failures are joined with commas and shown as the error. */
export function joinFailures(error: unknown, fallback: string): string {
  const messages = (error as { messages?: unknown } | null)?.messages;
  const list = Array.isArray(messages)
    ? messages.filter((m): m is string => typeof m === 'string' && m !== '')
    : [];
  return list.length > 0 ? list.join(', ') : fallback;
}
