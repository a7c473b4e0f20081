import { useEffect, useState, type CSSProperties } from 'react';
import { Avatar, Combobox, Group, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconPhoto } from '@tabler/icons-react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isSafeLink, type DynamicOption } from '@sealplan/contracts';
import { fieldError, isRequired } from './field-errors';
import { useDynamicFormContext } from './form-context';
import type { WidgetProps } from './simple-widgets';

/** Spec §2: keys that close a chip (Enter, and comma, which also splits a pasted list). */
export const CHIP_SEPARATOR_KEYS = ['Enter', ','] as const;
/** Spec §9: autocomplete suggestions follow the typed text 500 ms after the last keystroke. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 500;
const CHIP_IMAGE_SIZE = 18;

/**
 * The text the suggestions are filtered by: the typed text once it has rested for 500 ms (spec §9). An emptied
 * field (a chip was just added, or the text was deleted) shows every suggestion at once.
 */
function useSuggestionFilter(search: string): string {
  const [filter, setFilter] = useState(search);
  const resting = search.trim() === '' ? '' : search;
  useEffect(() => {
    if (resting === '') {
      setFilter('');
      return undefined;
    }
    const timer = setTimeout(() => setFilter(resting), AUTOCOMPLETE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [resting]);
  return resting === '' ? '' : filter;
}

interface ChipProps {
  value: string;
  label: string;
  imageUrl: string | undefined;
  withImage: boolean;
  disabled: boolean;
  onRemove: () => void;
}

/** The picture of an option, or a placeholder when the field shows pictures and this chip has none. */
function ChipImage({ src, label }: { src: string | undefined; label: string }) {
  // An image address stored before the one link rule (ADR 023) that breaks it is not loaded.
  const safeSrc = src && isSafeLink(src) ? src : undefined;
  return (
    <Avatar src={safeSrc} alt={safeSrc ? label : undefined} size={CHIP_IMAGE_SIZE} radius="xl" color="gray">
      <IconPhoto size={11} aria-hidden />
    </Avatar>
  );
}

/** One chip: dragged with the pointer, or with the keyboard (Space picks it up, arrows move, Space drops). */
function SortableChip({ value, label, imageUrl, withImage, disabled, onRemove }: ChipProps) {
  const { t } = useTranslation('content');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: value, disabled });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    opacity: isDragging ? 0.6 : 1,
    zIndex: isDragging ? 1 : undefined,
  };
  // The chip's text is the drag handle (a button for the keyboard); the remove button sits beside it, not inside.
  return (
    <Pill
      ref={setNodeRef}
      style={style}
      data-chip={value}
      withRemoveButton={!disabled}
      onRemove={onRemove}
      removeButtonProps={{ 'aria-label': t('chips.remove', { label }), 'aria-hidden': false, tabIndex: 0 }}
    >
      <Group
        gap={4}
        wrap="nowrap"
        component="span"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('chips.chip', { label })}
        style={{ cursor: disabled ? undefined : 'grab', touchAction: 'none', display: 'inline-flex' }}
      >
        {withImage && <ChipImage src={imageUrl} label={label} />}
        <span>{label}</span>
      </Group>
    </Pill>
  );
}

/**
 * Spec §2 autocomplete chips: suggestions from the field's options (typed text is accepted too), a chip per value,
 * reorderable by drag and drop or the keyboard, optional pictures with a placeholder, the count in brackets after
 * the label, and Enter or comma to close a chip. The value is the list of option values in the chosen order.
 */
export function ChipsWidget({ field, path }: WidgetProps) {
  const { t } = useTranslation('content');
  const { disabled: formDisabled } = useDynamicFormContext();
  const { field: input, fieldState } = useController({ name: path });
  const [search, setSearch] = useState('');
  const suggestionFilter = useSuggestionFilter(search);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const disabled = formDisabled || !!field.isDisabled;
  const options: DynamicOption[] = field.options ?? [];
  const withImage = options.some((o) => o.imageUrl);
  const values: string[] = Array.isArray(input.value)
    ? (input.value as unknown[]).filter((v): v is string => typeof v === 'string')
    : [];
  const optionOf = (value: string) => options.find((o) => o.value === value);
  const labelOf = (value: string) => optionOf(value)?.label ?? value;

  const set = (next: string[]) => {
    input.onChange(next);
    input.onBlur();
  };
  /** Adds typed texts; one naming an option (by value or label) adds that option. */
  const add = (texts: string[]) => {
    const next = [...values];
    for (const raw of texts) {
      const typed = raw.trim();
      if (!typed) continue;
      const option = options.find(
        (o) => o.value === typed || o.label.toLocaleLowerCase() === typed.toLocaleLowerCase(),
      );
      const value = option?.value ?? typed;
      if (!next.includes(value)) next.push(value);
    }
    if (next.length !== values.length) set(next);
    setSearch('');
  };
  const remove = (value: string) => set(values.filter((v) => v !== value));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    set(arrayMove(values, values.indexOf(String(active.id)), values.indexOf(String(over.id))));
  };

  const needle = suggestionFilter.trim().toLocaleLowerCase();
  const suggestions = options.filter(
    (o) => !values.includes(o.value) && (!needle || o.label.toLocaleLowerCase().includes(needle)),
  );
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('chips.pickedUp', { label: labelOf(String(active.id)) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('chips.movedTo', {
            label: labelOf(String(active.id)),
            position: values.indexOf(String(over.id)) + 1,
            count: values.length,
          })
        : '',
    onDragEnd: ({ active, over }) =>
      t('chips.dropped', {
        label: labelOf(String(active.id)),
        position: (over ? values.indexOf(String(over.id)) : values.indexOf(String(active.id))) + 1,
        count: values.length,
      }),
    onDragCancel: ({ active }) => t('chips.cancelled', { label: labelOf(String(active.id)) }),
  };

  return (
    <Combobox store={combobox} onOptionSubmit={(value) => add([value])} withinPortal>
      <Combobox.DropdownTarget>
        <PillsInput
          label={t('chips.label', { label: field.label, count: values.length })}
          withAsterisk={isRequired(field)}
          error={fieldError(fieldState.error)}
          disabled={disabled}
          description={values.length > 1 && !disabled ? t('chips.reorderHint') : undefined}
          onClick={() => combobox.openDropdown()}
        >
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t('chips.instructions') },
            }}
          >
            <SortableContext items={values} strategy={rectSortingStrategy}>
              <Pill.Group>
                {values.map((value) => (
                  <SortableChip
                    key={value}
                    value={value}
                    label={labelOf(value)}
                    imageUrl={optionOf(value)?.imageUrl}
                    withImage={withImage}
                    disabled={disabled}
                    onRemove={() => remove(value)}
                  />
                ))}
                <Combobox.EventsTarget>
                  <PillsInput.Field
                    ref={input.ref}
                    name={input.name}
                    aria-label={t('chips.add', { label: field.label })}
                    placeholder={values.length === 0 ? t('chips.placeholder') : undefined}
                    value={search}
                    disabled={disabled}
                    onFocus={() => combobox.openDropdown()}
                    onBlur={() => {
                      combobox.closeDropdown();
                      input.onBlur();
                    }}
                    onChange={(e) => {
                      const typed = e.currentTarget.value;
                      combobox.openDropdown();
                      // A pasted "a, b, c" becomes chips at once; the text after the last comma stays typed.
                      if (typed.includes(',')) {
                        const parts = typed.split(',');
                        const rest = parts.pop() ?? '';
                        add(parts);
                        setSearch(rest);
                      } else setSearch(typed);
                    }}
                    onKeyDown={(e) => {
                      if (e.nativeEvent.isComposing) return;
                      if (e.key === ',' || (e.key === 'Enter' && combobox.getSelectedOptionIndex() < 0)) {
                        e.preventDefault();
                        add([search]);
                      } else if (e.key === 'Backspace' && search === '' && values.length > 0) {
                        e.preventDefault();
                        remove(values[values.length - 1]!);
                      }
                    }}
                  />
                </Combobox.EventsTarget>
              </Pill.Group>
            </SortableContext>
          </DndContext>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown hidden={suggestions.length === 0}>
        <Combobox.Options mah={240} style={{ overflowY: 'auto' }}>
          {suggestions.map((o) => (
            <Combobox.Option value={o.value} key={o.value}>
              <Group gap="xs" wrap="nowrap">
                {withImage && <ChipImage src={o.imageUrl} label={o.label} />}
                <Text size="sm">{o.label}</Text>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
