import { memo, useCallback, useDeferredValue, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Badge, Button, Card, Grid, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PackingLayout } from '@sealplan/contracts';
import type { Catalogue, EngineMessage, ItemTypeId, Opening, TransitSizing } from '@sealplan/engine';
import { isSaveChord } from '@/lib/keyboard';
import { notify } from '@/lib/toast';
import { useUnits } from '@/lib/units';
import { useTransitEditor, type TransitEditorState } from '../hooks/use-transit-editor';
import { useTransitFigures } from '../hooks/use-transit-figures';
import { ITEM_TYPES, useTransitPanels } from '../hooks/use-transit-panels';
import { useTransitItems } from '../hooks/use-transit-items';
import { useTransitSave } from '../hooks/use-transit-save';
import { messageParams } from '../lib/messages';
import { ItemsDialog } from './items-dialog';
import { ItemsTable } from './items-table';
import { MaterialsTable } from './materials-table';
import { OpeningSuggestionCard } from './opening-suggestion-card';
import { TransitDetailsPanel } from './transit-details-panel';
import { TransitDisplay } from './transit-display';
import { TransitSizingPanel } from './transit-sizing-panel';

export interface TransitEditorProps {
  catalogue: Catalogue;
  catalogueVerified: boolean;
  initial: TransitEditorState;
  /** Changes when another transit (or a newer stored version) is loaded. */
  resetKey: string;
  /** A new transit, not saved yet (ADR 013): Save creates it, even before any change. */
  isNew?: boolean;
  /** The server's figures, stored at the last save (shown while nothing changed since). */
  storedSizing: TransitSizing | null;
  saving: boolean;
  /**
   * Saves the transit and its items with the layout the browser found (a certificate the server checks, ADR 004);
   * resolves true when saved (the page then loads the stored version).
   */
  onSave: (state: TransitEditorState, layout: PackingLayout | null) => Promise<boolean>;
  onDirtyChange?: (dirty: boolean) => void;
}

/** The opening the best layout so far would need (the opening's dimensions times its scale), formatted. */
function openingAt(opening: Opening, scale: number, units: { formatLength: (mm: number) => string }): string {
  if (opening.shape === 'ROUND') return `Ø ${units.formatLength((opening.diameterMm ?? 0) * scale)}`;
  return `${units.formatLength((opening.widthMm ?? 0) * scale)} × ${units.formatLength((opening.heightMm ?? 0) * scale)}`;
}

/**
 * Transit editing (spec §2 panels, §4 rules): sizing and details panels, the live drawing, fill bar, items and
 * materials. Every figure is the engine's: a quick sizing without packing for the fill and materials, the packing
 * in a Web Worker for the drawing; after a save, the server's stored figures. The inputs render at once; what is
 * derived from them follows a deferred copy of the state, which React renders in interruptible slices, so typing
 * never waits for the figures, the drawing or the tables.
 */
export const TransitEditor = memo(function TransitEditor({
  catalogue,
  catalogueVerified,
  initial,
  resetKey,
  isNew = false,
  storedSizing,
  saving,
  onSave,
  onDirtyChange,
}: TransitEditorProps) {
  const { t } = useTranslation('transits');
  const units = useUnits();
  const showMessages = useCallback(
    (messages: EngineMessage[]) => {
      if (!messages.length) return;
      // One toast at a time (spec §4): the messages of one change are shown together, the worst severity wins.
      const severity = messages.some((m) => m.severity === 'error')
        ? 'red'
        : messages.some((m) => m.severity === 'warning')
          ? 'yellow'
          : 'blue';
      notify({
        color: severity,
        message: messages
          .map((m) => t(`messages.${m.code}`, { defaultValue: m.text, ...messageParams(m.params, units) }))
          .join(' '),
      });
    },
    [t, units],
  );
  const editor = useTransitEditor(catalogue, initial, resetKey, showMessages);
  const { commitDepth } = editor;
  const { transit, items } = editor.state;
  const dirty = editor.dirty;
  // Report dirtiness to the page (it asks before switching transit or leaving).
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const deferred = useDeferredValue(editor.state);
  // The applied opening suggestion's layout (ADR 020): checked by the live sizing, sent with the save.
  const [certificate, setCertificate] = useState<PackingLayout | null>(null);
  useEffect(() => setCertificate(null), [resetKey]);
  const {
    itemInputs,
    figures,
    live,
    showStored,
    opening,
    circles,
    legend,
    caption,
    exceeded,
    verdict,
    bannerMessages,
    materials,
    fill,
  } = useTransitFigures({ deferred, dirty, catalogue, storedSizing, certificate });
  const {
    opts,
    fs,
    detailsValues,
    detailsOptions,
    sizingValues,
    fieldErrors,
    onDetailsChange,
    onSizingChange,
    onNotesChange,
    suggestionInput,
    onApplyOpening,
  } = useTransitPanels(editor, deferred, itemInputs, catalogue);
  const {
    dialog,
    opened,
    closeDialog,
    onClosed,
    defaultType,
    openAdd,
    onNext,
    onEditItem,
    onAddLines,
    onRemoveItem,
    submitItems,
  } = useTransitItems(editor);

  const { nameError, circlesError, save } = useTransitSave({ editor, live, onSave });
  const nameRef = useRef<HTMLInputElement>(null);
  // A new transit starts at its name, selected, so typing names it (ADR 029).
  useEffect(() => {
    if (!isNew) return;
    nameRef.current?.focus();
    nameRef.current?.select();
  }, [isNew, resetKey]);
  // Ctrl+Enter (Cmd+Enter) saves from any field of the editor (ADR 029); the item dialog finishes itself first.
  const onEditorKey = (e: KeyboardEvent) => {
    if (!isSaveChord(e)) return;
    e.preventDefault();
    if ((!dirty && !isNew) || circlesError !== null || saving) return;
    save();
  };
  const crushersFor = (type: ItemTypeId) => opts?.crushersFor(type) ?? [];

  return (
    <Stack gap="md" data-testid="transit-editor" onKeyDown={onEditorKey}>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2} size="h4">
            {transit.name || t('editor.untitled')}
          </Title>
          {isNew ? (
            <Badge color="orange" variant="light" data-testid="new-transit-badge">
              {t('editor.notSavedYet')}
            </Badge>
          ) : dirty ? (
            <Badge color="orange" variant="light" data-testid="unsaved-badge">
              {t('editor.unsaved')}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              {t('editor.saved')}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <Button.Group>
            <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => openAdd(defaultType)}>
              {t('items.addTitle', { type: t(`itemTypePlural.${defaultType}`) })}
            </Button>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="light" px={8} aria-label={t('editor.addOtherItems')}>
                  <IconChevronDown size={16} />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {ITEM_TYPES.map((type) => (
                  <Menu.Item key={type} onClick={() => openAdd(type)}>
                    {t('items.addTitle', { type: t(`itemTypePlural.${type}`) })}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Button.Group>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={save}
            loading={saving}
            disabled={(!dirty && !isNew) || circlesError !== null}
          >
            {t('editor.save')}
          </Button>
        </Group>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="md">
            <TransitSizingPanel
              values={sizingValues}
              onChange={onSizingChange}
              diameterReadOnly={fs.diameterReadOnly}
              nameError={nameError}
              errors={fieldErrors}
              onNext={onNext}
              nextLabel={t('sizing.next')}
              nameRef={nameRef}
            />
            <TransitDetailsPanel
              values={detailsValues}
              options={detailsOptions}
              onChange={onDetailsChange}
              onDepthCommit={commitDepth}
              flashPipe={editor.flashPipe}
              fill={fill}
            />
            {!fs.diameterReadOnly && (
              <OpeningSuggestionCard
                input={suggestionInput}
                onApply={onApplyOpening}
                onLayout={setCertificate}
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">
            <TransitDisplay
              opening={opening}
              circles={circles}
              exceeded={exceeded}
              verdict={verdict}
              solving={!showStored && live.pending}
              bestSoFar={
                live.pending && live.bestScale !== null ? openingAt(opening, live.bestScale, units) : null
              }
              messages={bannerMessages}
              legend={legend}
              caption={caption}
              formatLength={units.formatLength}
              notes={transit.comments}
              onNotesChange={onNotesChange}
              title={t('display.drawingTitle', { name: deferred.transit.name })}
            />
            {circlesError && (
              <Text c="red" size="sm" role="alert" data-testid="too-many-circles">
                {circlesError}
              </Text>
            )}
            <ItemsTable
              items={items}
              crushers={catalogue.crushers}
              itemCount={figures.itemCount}
              onEdit={onEditItem}
              onRemove={onRemoveItem}
              defaultType={defaultType}
              onAddLines={onAddLines}
            />
            <Card withBorder padding="md" component="section" aria-labelledby="transit-materials-title">
              <Title order={3} size="h5" id="transit-materials-title" mb="xs">
                {t('materials.transitTitle', { count: figures.copies })}
              </Title>
              <MaterialsTable
                lines={materials}
                catalogueVerified={catalogueVerified}
                caption={t('materials.transitTitle', { count: figures.copies })}
                emptyText={t('materials.empty')}
              />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      {dialog && (
        <ItemsDialog
          opened={opened}
          onClose={closeDialog}
          onClosed={onClosed}
          itemTypeId={dialog.itemTypeId}
          mode={dialog.mode}
          crushers={crushersFor(dialog.itemTypeId)}
          existingItemCount={items.length}
          onSubmit={submitItems}
        />
      )}
    </Stack>
  );
});
