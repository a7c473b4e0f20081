import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Catalogue, ItemInput, ItemTypeId, StandardOpening } from '@sealplan/engine';
import { useLocalizedName } from '@/lib/localized-name';
import { useUnits } from '@/lib/units';
import type { TransitDetailsOptions, TransitDetailsValues } from '../components/transit-details-panel';
import type { TransitSizingValues } from '../components/transit-sizing-panel';
import { sizingErrors } from '../lib/sizing-errors';
import type { TransitEditorState, useTransitEditor } from './use-transit-editor';

export const ITEM_TYPES: ItemTypeId[] = ['CABLE', 'PIPE', 'PIPE_PLASTIC'];

/**
 * The editor's two form panels (spec §2 sizing and details) and the opening suggestion: their values, options,
 * messages and change handlers, drawn from the editor's state and the engine's field rules.
 */
export function useTransitPanels(
  editor: ReturnType<typeof useTransitEditor>,
  deferred: TransitEditorState,
  itemInputs: ItemInput[],
  catalogue: Catalogue,
) {
  const { t } = useTranslation('transits');
  const units = useUnits();
  const name = useLocalizedName();
  const { change, setText } = editor;
  const { transit } = editor.state;
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
      // ADR 030: catalogue names in the interface language (English when an entry has none in it).
      transitTypes: (opts?.transitTypes ?? []).map((x) => ({ value: x.id, label: name(x) })),
      // Allowed classes carry the English name only: the class's names come from the catalogue.
      classes: (opts?.classes ?? []).map((x) => ({
        value: x.id,
        label: name(catalogue.classes.find((c) => c.id === x.id) ?? x),
      })),
      sealants: (opts?.sealants ?? []).map((x) => ({ value: x.id, label: name(x) })),
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
      name,
      catalogue,
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
  // ADR 020: the suggestion depends on the items and the rules, not on the opening it replaces.
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
  return {
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
  };
}
