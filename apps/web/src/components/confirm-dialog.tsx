import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '@/lib/i18n';

export interface ConfirmOptions {
  /** Spec §2 default: 'Are you sure you want to continue?'. */
  message?: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Paints OK red for destructive actions. */
  danger?: boolean;
}

/**
 * Spec §2 confirm dialog: Cancel and OK. Resolves true for OK, false for Cancel, X, Escape or a click outside.
 * Needs <ModalsProvider> (the signed-in shell, app/layout/app-layout.tsx).
 */
export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  const t = i18n.getFixedT(null, 'common');
  return new Promise<boolean>((resolve) => {
    // Cancel also triggers onClose; the first answer is the one that counts.
    let settled = false;
    const settle = (answer: boolean) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    modals.openConfirmModal({
      title: options.title ?? t('confirm.title'),
      centered: true,
      children: <Text size="sm">{options.message ?? t('confirm.message')}</Text>,
      labels: {
        confirm: options.confirmLabel ?? t('confirm.ok'),
        cancel: options.cancelLabel ?? t('confirm.cancel'),
      },
      confirmProps: options.danger ? { color: 'red' } : undefined,
      closeButtonProps: { 'aria-label': t('close') },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}
