import type { KeyboardEvent } from 'react';

/** Ctrl+Enter (Cmd+Enter on a Mac): save or finish from any field of a form (ADR 029). */
export function isSaveChord(event: KeyboardEvent | globalThis.KeyboardEvent): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** Plain Enter: the next step of a form typed from the keyboard (no modifier, not while composing text). */
export function isPlainEnter(event: KeyboardEvent | globalThis.KeyboardEvent): boolean {
  return (
    event.key === 'Enter' &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    !event.shiftKey &&
    !('isComposing' in event && event.isComposing)
  );
}
