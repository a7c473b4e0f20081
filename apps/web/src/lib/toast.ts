import { createElement, lazy, Suspense, type ReactNode } from 'react';
import { notifications } from '@mantine/notifications';

/** Spec §3 UserMessageType: success, warning, error, anything else is info. */
export type ToastType = 'success' | 'warning' | 'error' | 'info';
/** Spec §9: toasts stay 5000 ms unless told otherwise. */
export const TOAST_DURATION_MS = 5000;
let toastSequence = 0;

const TOAST_COLORS: Readonly<Record<ToastType, string>> = {
  success: 'green',
  warning: 'yellow',
  error: 'red',
  info: 'blue',
};

/** Spec §3: success, warning and error are themselves; any other value (or none) is info. */
export function toToastType(value: unknown): ToastType {
  return value === 'success' || value === 'warning' || value === 'error' ? value : 'info';
}

/**
 * Spec §9 allows HTML in toasts; it is sanitised first (toast-html.tsx). The sanitiser (DOMPurify) is fetched with
 * the first such toast, not with every page's first download (ADR 033); the toast shows at once and its text a
 * moment later, the first time only.
 */
const ToastHtml = lazy(async () => ({ default: (await import('./toast-html')).ToastHtml }));

export interface ToastOptions {
  type?: ToastType;
  title?: string;
  /** Milliseconds before it hides; false keeps it until closed. */
  durationMs?: number | false;
  /** Treat the message as (sanitised) HTML rather than plain text. */
  html?: boolean;
}

/** Shows one toast at the top centre (the placement is set once on <Notifications> in app/providers). */
export function showToast(message: string, options: ToastOptions = {}): void {
  const type = options.type ?? 'info';
  const body: ReactNode = options.html
    ? createElement(Suspense, { fallback: null }, createElement(ToastHtml, { html: message }))
    : message;
  // Spec §4 "one at a time": the newest message replaces whatever is showing or queued.
  notifications.clean();
  toastSequence += 1;
  notifications.show({
    id: `sealplan-toast-${toastSequence}`,
    title: options.title,
    message: body,
    color: TOAST_COLORS[type],
    autoClose: options.durationMs ?? TOAST_DURATION_MS,
    withBorder: true,
    // Errors and warnings interrupt a screen reader; the others wait their turn.
    role: type === 'error' || type === 'warning' ? 'alert' : 'status',
    'data-toast-type': type,
  });
}

/** Shorthands: toast.success('Project saved successfully!'). */
export const toast = {
  show: showToast,
  success: (message: string, options?: Omit<ToastOptions, 'type'>) =>
    showToast(message, { ...options, type: 'success' }),
  warning: (message: string, options?: Omit<ToastOptions, 'type'>) =>
    showToast(message, { ...options, type: 'warning' }),
  error: (message: string, options?: Omit<ToastOptions, 'type'>) =>
    showToast(message, { ...options, type: 'error' }),
  info: (message: string, options?: Omit<ToastOptions, 'type'>) =>
    showToast(message, { ...options, type: 'info' }),
};

const TYPE_BY_COLOR: Record<string, ToastType> = {
  green: 'success',
  teal: 'success',
  red: 'error',
  yellow: 'warning',
  orange: 'warning',
  blue: 'info',
};

/**
 * Drop-in for Mantine's `notifications.show({ color, title, message })` that keeps the spec's rule of one toast at
 * a time (Mantine's own limit would queue the newer message behind the older one).
 */
export function notify(options: { color?: string; title?: string; message: string }): void {
  showToast(options.message, {
    type: TYPE_BY_COLOR[options.color ?? 'blue'] ?? 'info',
    title: options.title,
  });
}
