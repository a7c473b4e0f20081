import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Card, Grid, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { MAX_TRANSIT_CIRCLES, circleCount } from '@sealplan/contracts';
import { notify } from '@/lib/toast';
import { IconChevronDown, IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  drawingView,
  fillPercentOf,
  legendNumbers,
  sizeTransit,
  totalMaterials,
  type Catalogue,
  type EngineMessage,
  type ItemInput,
  type ItemTypeId,
  type Opening,
  type StandardOpening,
  type TransitSizing,
} from '@sealplan/engine';
import type { PackingLayout } from '@sealplan/contracts';
import { useUnits } from '@/lib/units';
import { useSizingWorker } from '../hooks/use-sizing-worker';
import {
  newItemKey,
  useTransitEditor,
  type EditorItem,
  type TransitEditorState,
} from '../hooks/use-transit-editor';
import { materialLines } from '../lib/material-lines';
import { messageParams } from '../lib/messages';
import { sizingErrors } from '../lib/sizing-errors';
import { drawnCircles, isExceeded, type CircleFacts } from '../lib/sizing-view';
import { ItemsDialog, type DraftItem, type ItemsDialogMode } from './items-dialog';
import { ItemsTable } from './items-table';
import { MaterialsTable } from './materials-table';
import { OpeningSuggestionCard } from './opening-suggestion-card';
import {
  TransitDetailsPanel,
  type TransitDetailsOptions,
  type TransitDetailsValues,
} from './transit-details-panel';
import { TransitDisplay, type LegendEntry } from './transit-display';
import { TransitSizingPanel, type TransitSizingValues } from './transit-sizing-panel';

const ITEM_TYPES: ItemTypeId[] = ['CABLE', 'PIPE', 'PIPE_PLASTIC'];
const PACKING_CODES = new Set(['ITEMS_DO_NOT_FIT', 'MINIMUM_EXCESS_SPACE']);

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

function toItemInputs(items: EditorItem[]): ItemInput[] {
  return items.map((i) => ({
    quantity: i.quantity,
    outerDiameterMm: i.outerDiameterMm,
    crusherId: i.crusherId,
    itemTypeId: i.itemTypeId,
  }));
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
  const [dialog, setDialog] = useState<{
    itemTypeId: ItemTypeId;
    mode: ItemsDialogMode;
    key?: string;
  } | null>(null);

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
  const { change, setText, setItems, commitDepth } = editor;
  const { transit, items } = editor.state;
  const dirty = editor.dirty;
  // Report dirtiness to the page (it asks before switching transit or leaving).
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const deferred = useDeferredValue(editor.state);
  const itemInputs = useMemo(() => toItemInputs(deferred.items), [deferred.items]);
  const quick = useMemo(
    () => sizeTransit({ transit: deferred.transit, items: itemInputs, catalogue, solvePacking: false }),
    [deferred.transit, itemInputs, catalogue],
  );
  const workerInput = useMemo(
    () => (dirty || !storedSizing ? { transit: deferred.transit, items: itemInputs, catalogue } : null),
    [dirty, storedSizing, deferred.transit, itemInputs, catalogue],
  );
  const live = useSizingWorker(workerInput);
  const showStored = !dirty && storedSizing !== null;
  // The search already holds a fitting layout (only the spreading step is left): the verdict is "fits".
  const foundFit = live.pending && live.bestScale !== null && live.bestScale <= 1;
  const figures: TransitSizing = showStored ? storedSizing : quick;
  // Until the worker's first answer after an edit, the stored layout stays on screen (no flash of an empty drawing).
  const packed: TransitSizing | null = showStored ? storedSizing : (live.result ?? storedSizing);

  const circleLabel = useCallback(
    (f: CircleFacts) => {
      const type = f.itemTypeId ? t(`itemType.${f.itemTypeId}`) : '';
      let text = t('display.circle', { type, diameter: units.formatLength(f.ownDiameterMm) });
      // A crusher or cable sleeve makes the item take more room; a pipe's clearance (spec §9) more still.
      if (f.occupiedDiameterMm > f.ownDiameterMm + 1e-6)
        text += ` · ${t('display.occupied', { diameter: units.formatLength(f.occupiedDiameterMm) })}`;
      if (f.withClearanceMm > f.occupiedDiameterMm + 1e-6)
        text += ` · ${t('display.withClearance', { diameter: units.formatLength(f.withClearanceMm) })}`;
      return text;
    },
    [t, units],
  );
  // One numbered view (engine drawingView): the same numbers as the print view and every document.
  const view = useMemo(() => (packed ? drawingView(packed, catalogue) : null), [packed, catalogue]);
  const circles = useMemo(() => (view ? drawnCircles(view, circleLabel) : []), [view, circleLabel]);
  // The opening as a stable object while its dimensions stay the same, so the memoised drawing is not redrawn.
  const openingKey = JSON.stringify(figures.opening);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const opening = useMemo(() => figures.opening, [openingKey]);
  const legend = useMemo<LegendEntry[]>(
    () =>
      (view?.legend ?? []).map((row) => {
        const type = row.itemTypeId ? t(`itemType.${row.itemTypeId}`) : '';
        const sleeve = row.sleeve
          ? t(row.sleeve.name ? 'display.sleeveNamed' : 'display.sleeveUnnamed', {
              kind: t(`display.sleeveKind.${row.sleeve.kind}`),
              name: row.sleeve.name ?? '',
              diameter: units.formatLength(row.sleeve.outerDiameterMm),
            })
          : '';
        const ring =
          row.clearanceMm > 0
            ? t('display.clearanceRing', {
                diameter: units.formatLength(row.placedDiameterMm),
                clearance: units.formatLength(row.clearanceMm),
              })
            : '';
        const name = row.sizeName ? `${type} ${row.sizeName}` : type;
        const tag = deferred.items[row.itemIndex]?.tag;
        return {
          numbers: legendNumbers(row),
          itemTypeId: row.itemTypeId,
          item: tag ? `${name} ${tag}` : name,
          diameter: units.formatLength(row.ownDiameterMm),
          sleeve,
          ring,
        };
      }),
    [view, t, units, deferred.items],
  );
  const caption = useMemo(() => {
    if (!view) return null;
    const parts: string[] = [];
    if (view.minGapMm !== null)
      parts.push(t('display.smallestGap', { gap: units.formatLength(view.minGapMm) }));
    // The pipes' spacing to the wall where the transit type requires one (ADR 004).
    if (view.wallSpacing !== null)
      parts.push(
        t('display.pipeWallGap', {
          gap: units.formatLength(view.wallSpacing.achievedMm),
          required: units.formatLength(view.wallSpacing.requiredMm),
        }),
      );
    return parts.length > 0 ? parts.join(' · ') : null;
  }, [view, t, units]);
  const exceeded = packed && !foundFit ? isExceeded(packed) : false;
  // Banner: packing messages from the packed result, the rest from the current figures (spec §8 texts).
  const bannerMessages = useMemo(() => {
    const fromPacking = (packed?.messages ?? []).filter((m) => PACKING_CODES.has(m.code));
    const other = figures.messages.filter((m) => !PACKING_CODES.has(m.code) && m.code !== 'RISE_ULTRA_SCH80');
    return [...fromPacking, ...other].map((m) => ({
      ...m,
      text: t(`messages.${m.code}`, { defaultValue: m.text, ...messageParams(m.params, units) }),
    }));
  }, [packed, figures, t, units]);
  const materials = useMemo(
    () => materialLines(totalMaterials([figures.materials]), units, t),
    [figures, units, t],
  );
  const fill = useMemo(
    () => ({
      fillPercent: fillPercentOf(figures),
      fillLimitPercent: figures.fillLimitPercent,
      overfilled: figures.overfilled,
    }),
    [figures],
  );

  const opts = editor.options;
  const fs = editor.fieldState;
  const detailsValues = useMemo<TransitDetailsValues>(
    () => ({
      itemTypeId: transit.itemTypeId ?? null,
      transitTypeId: transit.transitTypeId ?? null,
      classId: transit.classId ?? null,
      depthMm: transit.depthMm ?? null,
      sealantType: transit.sealantType ?? null,
      sealantDepth: transit.sealantDepth ?? null,
      pipeConfiguration: transit.pipeConfiguration ?? null,
      singleCrusherPipeId: transit.singleCrusherPipeId ?? null,
    }),
    [
      transit.itemTypeId,
      transit.transitTypeId,
      transit.classId,
      transit.depthMm,
      transit.sealantType,
      transit.sealantDepth,
      transit.pipeConfiguration,
      transit.singleCrusherPipeId,
    ],
  );
  const {
    sealantLayerOptions,
    showPipeConfiguration,
    singlePipeOptionDisabled,
    depthEditable,
    showSch80Note,
    pipeSizeLabel,
  } = fs;
  const detailsOptions = useMemo<TransitDetailsOptions>(
    () => ({
      itemTypes: ITEM_TYPES.map((id) => ({ value: id, label: t(`itemType.${id}`) })),
      transitTypes: (opts?.transitTypes ?? []).map((x) => ({ value: x.id, label: x.name })),
      classes: (opts?.classes ?? []).map((x) => ({ value: x.id, label: x.name })),
      sealants: (opts?.sealants ?? []).map((x) => ({ value: x.id, label: x.name })),
      sealantLayers: sealantLayerOptions.map((v) => ({ value: v, label: t(`sealantLayer.${v}`) })),
      singlePipes: (opts?.singlePipes ?? []).map((c) => ({
        value: c.id,
        label: `${c.name} (${units.formatLength(c.insideDiameterMm ?? c.pipeDiameterMm)})`,
      })),
      minimumDepthMm: opts?.minimumDepthMm ?? null,
      showPipeConfiguration,
      singlePipeDisabled: singlePipeOptionDisabled,
      depthDisabled: !depthEditable,
      showSch80Note,
      // The engine names the label (spec §4); the translation is ours.
      pipeSizeLabel:
        pipeSizeLabel === 'Schedule 40 Pipe Size' ? t('details.schedule40PipeSize') : t('details.pipeSize'),
    }),
    // sealantLayerOptions is a new array on every render: its content is what matters.
    /* eslint-disable react-hooks/exhaustive-deps */
    [
      opts,
      sealantLayerOptions.join(),
      showPipeConfiguration,
      singlePipeOptionDisabled,
      depthEditable,
      showSch80Note,
      pipeSizeLabel,
      units,
      t,
    ],
    /* eslint-enable react-hooks/exhaustive-deps */
  );
  const sizingValues = useMemo<TransitSizingValues>(
    () => ({
      name: transit.name,
      copies: transit.copies ?? null,
      shape: transit.shape,
      sparePercent: transit.sparePercent ?? null,
      diameterMm: transit.diameterMm ?? null,
      widthMm: transit.widthMm ?? null,
      heightMm: transit.heightMm ?? null,
      cornerRadiusMm: transit.cornerRadiusMm ?? null,
    }),
    [
      transit.name,
      transit.copies,
      transit.shape,
      transit.sparePercent,
      transit.diameterMm,
      transit.widthMm,
      transit.heightMm,
      transit.cornerRadiusMm,
    ],
  );

  const fieldErrors = useMemo(
    () => sizingErrors(sizingValues, units.formatLength, t),
    [sizingValues, units.formatLength, t],
  );

  const onDetailsChange = useCallback(
    <K extends keyof TransitDetailsValues>(field: K, value: TransitDetailsValues[K]) => {
      // Depth is committed (minimum applied) when the field loses focus, not while typing (spec §5).
      if (field === 'depthMm') change({ field: 'depthMm', value: value as number | null, commit: false });
      else change({ field, value } as Parameters<typeof change>[0]);
    },
    [change],
  );
  const onSizingChange = useCallback(
    <K extends keyof TransitSizingValues>(field: K, value: TransitSizingValues[K]) => {
      if (field === 'name') setText('name', value as string);
      else change({ field, value } as Parameters<typeof change>[0]);
    },
    [change, setText],
  );
  const onNotesChange = useCallback((v: string) => setText('comments', v), [setText]);
  // Issue 22 item 4: the suggestion depends on the items and the rules, not on the opening it replaces.
  const {
    name: _name,
    comments: _comments,
    shape: _shape,
    diameterMm: _d,
    widthMm: _w,
    heightMm: _h,
    cornerRadiusMm: _r,
    ...rules
  } = deferred.transit;
  const rulesKey = JSON.stringify(rules);
  const suggestionInput = useMemo(
    () => ({ transit: { ...rules, shape: 'ROUND' as const }, items: itemInputs, catalogue }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rulesKey, itemInputs, catalogue],
  );
  const onApplyOpening = useCallback(
    (standard: StandardOpening) => {
      change({ field: 'shape', value: standard.shape });
      if (standard.shape === 'ROUND') change({ field: 'diameterMm', value: standard.diameterMm ?? null });
      else {
        change({ field: 'widthMm', value: standard.widthMm ?? null });
        change({ field: 'heightMm', value: standard.heightMm ?? null });
        change({ field: 'cornerRadiusMm', value: standard.cornerRadiusMm ?? 0 });
      }
    },
    [change],
  );
  const defaultType = transit.itemTypeId ?? 'CABLE';
  const openAdd = useCallback(
    (itemTypeId: ItemTypeId) => setDialog({ itemTypeId, mode: { kind: 'add' } }),
    [],
  );
  const onNext = useCallback(() => openAdd(defaultType), [openAdd, defaultType]);
  const onEditItem = useCallback(
    (i: EditorItem) => setDialog({ itemTypeId: i.itemTypeId, mode: { kind: 'edit', item: i }, key: i.key }),
    [],
  );
  const onAddLines = useCallback(
    (drafts: DraftItem[]) =>
      setItems((list) => [...list, ...drafts.map((d) => ({ ...d, key: newItemKey() }))]),
    [setItems],
  );
  const onRemoveItem = useCallback(
    (key: string) => setItems((list) => list.filter((x) => x.key !== key)),
    [setItems],
  );

  const submitItems = (drafts: DraftItem[]) => {
    if (!dialog) return;
    if (dialog.mode.kind === 'edit' && dialog.key) {
      const key = dialog.key;
      const [draft] = drafts;
      if (draft) setItems((list) => list.map((i) => (i.key === key ? { ...i, ...draft, key } : i)));
    } else if (drafts.length) {
      setItems((list) => [...list, ...drafts.map((d) => ({ ...d, key: newItemKey() }))]);
    }
  };

  const nameError = transit.name.trim() === '' ? t('sizing.nameRequired') : null;
  // The server refuses more circles than this (ADR 015): said beside the items, and Save waits until it is fixed.
  const circleTotal = circleCount(items);
  const circlesError =
    circleTotal > MAX_TRANSIT_CIRCLES
      ? t('items.tooManyCircles', {
          max: units.formatNumber(MAX_TRANSIT_CIRCLES),
          count: units.formatNumber(circleTotal),
        })
      : null;
  const save = () => {
    // The latest state, not the last rendered one: a value typed just before the click may still be rendering.
    const current = editor.latest();
    if (current.transit.name.trim() === '') {
      notify({ color: 'red', message: t('sizing.nameRequired') });
      return;
    }
    // ADR 010: a field the server would refuse is not sent; its message is under the field, as typed.
    const refused = sizingErrors(
      {
        name: current.transit.name,
        copies: current.transit.copies ?? null,
        shape: current.transit.shape,
        sparePercent: current.transit.sparePercent ?? null,
        diameterMm: current.transit.diameterMm ?? null,
        widthMm: current.transit.widthMm ?? null,
        heightMm: current.transit.heightMm ?? null,
        cornerRadiusMm: current.transit.cornerRadiusMm ?? null,
      },
      units.formatLength,
      t,
    );
    const first = Object.values(refused)[0];
    if (first) {
      notify({ color: 'red', message: `${t('sizing.errors.fix')} ${first}` });
      return;
    }
    // The worker's fitting layout goes with the save; the server keeps it only when it is valid for what is saved.
    const found = live.result?.packing;
    const layout =
      found && found.fits && found.source !== 'skipped'
        ? { centres: found.circles.map((c) => ({ xMm: c.xMm, yMm: c.yMm })) }
        : null;
    // On success the page loads the stored transit (new version): the editor resets to it, clean.
    void onSave(current, layout);
  };
  const crushersFor = (type: ItemTypeId) => opts?.crushersFor(type) ?? [];

  return (
    <Stack gap="md" data-testid="transit-editor">
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
              <OpeningSuggestionCard input={suggestionInput} onApply={onApplyOpening} />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">
            <TransitDisplay
              opening={opening}
              circles={circles}
              exceeded={exceeded}
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
          opened
          onClose={() => setDialog(null)}
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
