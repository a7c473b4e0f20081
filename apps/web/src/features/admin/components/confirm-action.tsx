import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '@/lib/i18n';

/** What a destructive action asks: the action and whom it touches, and the action on its button (ADR 029). */
export interface ConfirmActionOptions {
  message?: string;
  confirmLabel?: string;
}

/**
 * Spec §2 confirm dialog: message (default 'Are you sure you want to continue?'), Cancel and OK.
 * X or Cancel answers false, OK answers true.
 */
export function confirmAction({ message, confirmLabel }: ConfirmActionOptions = {}): Promise<boolean> {
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
      labels: { confirm: confirmLabel ?? t('confirm.ok'), cancel: t('confirm.cancel') },
      confirmProps: confirmLabel ? { color: 'red' } : undefined,
      closeButtonProps: { 'aria-label': t('common:close') },
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
