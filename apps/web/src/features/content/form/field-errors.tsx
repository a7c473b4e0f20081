import type { ReactNode } from 'react';
import { errorMessages } from './form-values';

/** Spec §5: every failed validation's message, one per line (undefined when the field is valid). */
export function fieldError(error: unknown): ReactNode | undefined {
  const messages = errorMessages(error);
  if (messages.length === 0) return undefined;
  if (messages.length === 1) return messages[0];
  return messages.map((m) => (
    <span key={m} style={{ display: 'block' }}>
      {m}
    </span>
  ));
}

/** True when a validation named `required` is configured (the field shows the required mark). */
export const isRequired = (field: { validations?: { name: string }[] | undefined }) =>
  !!field.validations?.some((v) => v.name === 'required');
