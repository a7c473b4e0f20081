import { createElement, type ReactNode } from 'react';
import DOMPurify from 'dompurify';
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

// Markup a message may keep: emphasis, line breaks, lists and links. No styles, scripts, handlers or frames.
const ALLOWED_TAGS = ['a', 'b', 'br', 'code', 'em', 'i', 'li', 'ol', 'p', 'span', 'strong', 'u', 'ul'];
const ALLOWED_ATTR = ['href', 'title', 'target', 'rel'];

/**
 * Spec §9 allows HTML in toasts. A message may come from the server (or echo what a user typed), so it is
 * sanitised first: only simple markup survives, never a script, an event handler or a javascript: link.
 */
export function sanitizeToastHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
  // Links that open elsewhere must not get a handle on this window.
  return clean.replace(/<a /g, '<a rel="noopener noreferrer" ');
}

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
    ? createElement('span', { dangerouslySetInnerHTML: { __html: sanitizeToastHtml(message) } })
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
