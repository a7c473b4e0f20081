import type { TFunction } from 'i18next';
import type { DynamicFormField } from '@sealplan/contracts';
import type { ModelConfigurationRecord } from '../api/content-api';

/** The en-US text of a key, and the user's text of it; `null` when the key has no text. */
export interface LabelTexts {
  english: (key: string) => string | null;
  shown: (key: string) => string;
}

/** The texts a configuration's labels are judged and shown with: en-US and the user's language. */
export function labelTexts(t: TFunction, exists: (key: string) => boolean, english: TFunction): LabelTexts {
  return {
    english: (key) => (exists(key) ? english(key) : null),
    shown: (key) => t(key),
  };
}

/** A stored label is shown in the user's language when it is still the seeded (en-US) text of its key. */
function shownLabel(stored: string, key: string, texts: LabelTexts): string {
  return texts.english(key) === stored ? texts.shown(key) : stored;
}

function shownFields(
  model: string,
  fields: readonly DynamicFormField[],
  prefix: string,
  texts: LabelTexts,
): DynamicFormField[] {
  return fields.map((field) => {
    const path = `${prefix}${field.name}`;
    const out: DynamicFormField = {
      ...field,
      label: shownLabel(field.label, `content:fieldLabels.${model}.${path}`, texts),
    };
    if (field.fields) out.fields = shownFields(model, field.fields, `${path}/`, texts);
    return out;
  });
}

/**
 * A model configuration as the user reads it (ADR 017, the rule the menu follows): the model's label and each
 * field's label, when still the seeded en-US text, in the user's language; a label an administrator changed is
 * shown as written. Values, names and validations are untouched, so the form stores exactly what it did.
 */
export function shownConfiguration(
  configuration: ModelConfigurationRecord,
  texts: LabelTexts,
): ModelConfigurationRecord {
  const model = configuration.model;
  return {
    ...configuration,
    label: shownLabel(configuration.label, `content:models.${model}.label`, texts),
    fields: shownFields(model, configuration.fields, '', texts),
  };
}
