import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Fieldset, Group, Input, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { get, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DynamicFormField } from '@sealplan/contracts';
import { DEVICE_SETTINGS_FIELD, entryTitle, newEntry } from './form-values';
import { fieldError, isRequired } from './field-errors';
import { fieldPath, useDynamicFormContext } from './form-context';
import type { WidgetProps } from './simple-widgets';

/**
 * Spec §9: tab setup is delayed 1500 ms. A tabs widget builds the fields of its open tab at once and those of the
 * other tabs this long after it first shows, so a record with many entries opens as fast as one with a single
 * entry; a tab chosen earlier is built when chosen. The checks never wait for it: the form validates its values,
 * not its mounted fields (ADR 017).
 */
export const TAB_SETUP_DELAY_MS = 1500;

/** react-hook-form's key for list entries; not `id`, which a record's own fields may use. */
const ENTRY_KEY = 'entryKey';

function useEntries(path: string) {
  const { control } = useFormContext();
  return useFieldArray({ control, name: path, keyName: ENTRY_KEY });
}

/** The list's own messages (a required or length rule on the list itself). */
function useListError(path: string): ReactNode | undefined {
  const { errors } = useFormState({ name: path });
  return fieldError(get(errors, path));
}

function ListFrame({
  field,
  error,
  children,
}: {
  field: DynamicFormField;
  error: ReactNode;
  children: ReactNode;
}) {
  return (
    <Input.Wrapper label={field.label} withAsterisk={isRequired(field)} error={error}>
      <Stack gap="sm" mt={6}>
        {children}
      </Stack>
    </Input.Wrapper>
  );
}

/** Spec §2 repeating form: an add button, and Remove on each entry. */
export function RepeatWidget({ field, path }: WidgetProps) {
  const { t } = useTranslation('content');
  const { renderFields, disabled } = useDynamicFormContext();
  const { fields: entries, append, remove } = useEntries(path);
  const locked = disabled || !!field.isDisabled;
  return (
    <ListFrame field={field} error={useListError(path)}>
      {entries.map((entry, i) => (
        <Fieldset key={entry[ENTRY_KEY]} legend={t('repeat.entry', { label: field.label, n: i + 1 })} p="sm">
          <Stack gap="sm">
            {renderFields(field.fields ?? [], fieldPath(path, String(i)))}
            <Group justify="flex-end">
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => remove(i)}
                disabled={locked}
              >
                {t('repeat.remove')}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => append(newEntry(field))}
          disabled={locked}
        >
          {t('repeat.add', { label: field.label })}
        </Button>
      </Group>
    </ListFrame>
  );
}

/** Spec §2 tabs: a tab per entry, an add button, and Remove on each tab. */
export function TabsWidget({ field, path }: WidgetProps) {
  const { t } = useTranslation('content');
  const { renderFields, disabled } = useDynamicFormContext();
  const { fields: entries, append, remove } = useEntries(path);
  const values = useWatch({ name: path }) as unknown[] | undefined;
  const [active, setActive] = useState<string | null>('0');
  const [isSetUp, setIsSetUp] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setIsSetUp(true), TAB_SETUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const locked = disabled || !!field.isDisabled;
  const nested = field.fields ?? [];
  const current = Math.min(Number(active ?? 0), Math.max(entries.length - 1, 0));
  return (
    <ListFrame field={field} error={useListError(path)}>
      <Tabs value={String(current)} onChange={setActive} keepMounted>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Tabs.List style={{ flex: 1 }}>
            {entries.map((entry, i) => (
              <Tabs.Tab key={entry[ENTRY_KEY]} value={String(i)}>
                {entryTitle(nested, values?.[i]) ?? t('tabs.entry', { label: field.label, n: i + 1 })}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={locked}
            onClick={() => {
              append(newEntry(field));
              setActive(String(entries.length));
            }}
          >
            {t('tabs.add', { label: field.label })}
          </Button>
        </Group>
        {entries.map((entry, i) => (
          <Tabs.Panel key={entry[ENTRY_KEY]} value={String(i)} pt="sm">
            {(isSetUp || i === current) && (
              <Stack gap="sm">
                {renderFields(nested, fieldPath(path, String(i)))}
                <Group justify="flex-end">
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    disabled={locked}
                    onClick={() => {
                      remove(i);
                      setActive(String(Math.max(0, i - 1)));
                    }}
                  >
                    {t('tabs.remove')}
                  </Button>
                </Group>
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
      {entries.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('tabs.empty')}
        </Text>
      )}
    </ListFrame>
  );
}

/** A dialogue's device settings (spec §2): the note, the settings, and Remove Device Settings (= none). */
function DeviceSettings({
  field,
  prefix,
  locked,
}: {
  field: DynamicFormField;
  prefix: string;
  locked: boolean;
}) {
  const { t } = useTranslation('content');
  const { renderFields } = useDynamicFormContext();
  const { setValue } = useFormContext();
  const name = fieldPath(prefix, field.name);
  const value = useWatch({ name }) as unknown;
  return (
    <Stack gap={6}>
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={16} aria-hidden />} p="xs">
        <Text size="xs">{t('dialogues.deviceNote')}</Text>
      </Alert>
      {renderFields([field], prefix)}
      <Group>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          disabled={locked || value === null || value === undefined}
          onClick={() => setValue(name, null, { shouldDirty: true, shouldTouch: true })}
        >
          {t('dialogues.removeDeviceSettings')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Spec §2 dialogue list: Add Dialogue at the top and the bottom; per dialogue Move Up, Move Down and Remove Dialogue;
 * its device settings with the note and Remove Device Settings.
 */
export function DialoguesWidget({ field, path }: WidgetProps) {
  const { t } = useTranslation('content');
  const { renderFields, disabled } = useDynamicFormContext();
  const { fields: entries, prepend, append, remove, move } = useEntries(path);
  const locked = disabled || !!field.isDisabled;
  const nested = field.fields ?? [];
  const device = nested.find((f) => f.name === DEVICE_SETTINGS_FIELD && !f.isHidden);
  const others = nested.filter((f) => f !== device);
  const addButton = (where: 'top' | 'bottom') => (
    <Group>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} aria-hidden />}
        disabled={locked}
        data-position={where}
        onClick={() => (where === 'top' ? prepend(newEntry(field)) : append(newEntry(field)))}
      >
        {t('dialogues.add')}
      </Button>
    </Group>
  );
  return (
    <ListFrame field={field} error={useListError(path)}>
      {addButton('top')}
      {entries.map((entry, i) => {
        const prefix = fieldPath(path, String(i));
        return (
          <Fieldset key={entry[ENTRY_KEY]} legend={t('dialogues.entry', { n: i + 1 })} p="sm">
            <Stack gap="sm">
              {renderFields(others, prefix)}
              {device && <DeviceSettings field={device} prefix={prefix} locked={locked} />}
              <Group justify="flex-end" gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconArrowUp size={14} aria-hidden />}
                  disabled={locked || i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  {t('dialogues.moveUp')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconArrowDown size={14} aria-hidden />}
                  disabled={locked || i === entries.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  {t('dialogues.moveDown')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  disabled={locked}
                  onClick={() => remove(i)}
                >
                  {t('dialogues.remove')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      {entries.length > 0 && addButton('bottom')}
    </ListFrame>
  );
}

/** Spec §2 child menu-item list: Add Child Menu Item, and Remove Child Menu Item on each child. */
export function MenuChildrenWidget({ field, path }: WidgetProps) {
  const { t } = useTranslation('content');
  const { renderFields, disabled } = useDynamicFormContext();
  const { fields: entries, append, remove } = useEntries(path);
  const locked = disabled || !!field.isDisabled;
  return (
    <ListFrame field={field} error={useListError(path)}>
      {entries.map((entry, i) => (
        <Fieldset key={entry[ENTRY_KEY]} legend={t('menuChildren.entry', { n: i + 1 })} p="sm">
          <Stack gap="sm">
            {renderFields(field.fields ?? [], fieldPath(path, String(i)))}
            <Group justify="flex-end">
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                disabled={locked}
                onClick={() => remove(i)}
              >
                {t('menuChildren.remove')}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={locked}
          onClick={() => append(newEntry(field))}
        >
          {t('menuChildren.add')}
        </Button>
      </Group>
    </ListFrame>
  );
}
