import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { DynamicFormField } from '@sealplan/contracts';
import type { FormValues } from './form-values';

export interface NestedFormProps {
  fields: readonly DynamicFormField[];
  initialValues: FormValues;
  onSubmit: (values: FormValues) => void;
  onCancel: () => void;
  submitLabel: string;
}

/**
 * What the widgets need from the form that renders them, passed down instead of imported so that list widgets and
 * the modal-link widget can render nested fields (and a nested form) without a circle of imports.
 */
export interface DynamicFormContextValue {
  /** Renders `fields` with their values at `prefix` (`children.0`). */
  renderFields: (fields: readonly DynamicFormField[], prefix: string) => ReactNode;
  /** A whole form of its own (the modal-link dialog). */
  NestedForm: ComponentType<NestedFormProps>;
  /** A `button` widget without a link was pressed. */
  onAction?: (name: string) => void;
  disabled: boolean;
}

export const DynamicFormContext = createContext<DynamicFormContextValue | null>(null);

export function useDynamicFormContext(): DynamicFormContextValue {
  const value = useContext(DynamicFormContext);
  if (!value) throw new Error('A dynamic form widget must be rendered inside <DynamicForm>.');
  return value;
}

/** `prefix.name`, or `name` at the top. */
export const fieldPath = (prefix: string, name: string) => (prefix ? `${prefix}.${name}` : name);
