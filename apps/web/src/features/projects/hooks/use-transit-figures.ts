import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  drawingView,
  fillPercentOf,
  legendNumbers,
  sizeTransit,
  totalMaterials,
  transitStatusOf,
  type Catalogue,
  type ItemInput,
  type TransitSizing,
} from '@sealplan/engine';
import type { PackingLayout } from '@sealplan/contracts';
import { useUnits } from '@/lib/units';
import { useNameById } from '@/lib/localized-name';
import type { LegendEntry } from '../components/transit-display';
import { materialLines } from '../lib/material-lines';
import { messageParams } from '../lib/messages';
import { verdictText } from '../lib/verdict-text';
import { drawnCircles, isExceeded, type CircleFacts } from '../lib/sizing-view';
import { useSizingWorker } from './use-sizing-worker';
import type { EditorItem, TransitEditorState } from './use-transit-editor';

const PACKING_CODES = new Set(['ITEMS_DO_NOT_FIT', 'MINIMUM_EXCESS_SPACE']);

function toItemInputs(items: EditorItem[]): ItemInput[] {
  return items.map((i) => ({
    quantity: i.quantity,
    outerDiameterMm: i.outerDiameterMm,
    crusherId: i.crusherId,
    itemTypeId: i.itemTypeId,
  }));
}

export interface TransitFiguresInput {
  /** The editor's state as a deferred copy: the figures follow the typing in interruptible slices. */
  deferred: TransitEditorState;
  dirty: boolean;
  catalogue: Catalogue;
  /** The server's figures, stored at the last save (shown while nothing changed since). */
  storedSizing: TransitSizing | null;
  /** The applied opening suggestion's layout (ADR 020): the worker keeps it when it is valid for the input. */
  certificate?: PackingLayout | null;
}

/**
 * Every figure of the transit editor is the engine's: a quick sizing without packing for the fill and materials,
 * the packing in a Web Worker for the drawing; after a save, the server's stored figures. This hook derives the
 * drawing, its legend and caption, the banner, the materials and the fill from them.
 */
export function useTransitFigures({
  deferred,
  dirty,
  catalogue,
  storedSizing,
  certificate = null,
}: TransitFiguresInput) {
  const { t } = useTranslation('transits');
  const tp = useTranslation('projects').t;
  const units = useUnits();
  const itemInputs = useMemo(() => toItemInputs(deferred.items), [deferred.items]);
  const quick = useMemo(
    () => sizeTransit({ transit: deferred.transit, items: itemInputs, catalogue, solvePacking: false }),
    [deferred.transit, itemInputs, catalogue],
  );
  const workerInput = useMemo(
    () =>
      dirty || !storedSizing
        ? { transit: deferred.transit, items: itemInputs, catalogue, certificate }
        : null,
    [dirty, storedSizing, deferred.transit, itemInputs, catalogue, certificate],
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
        const line = deferred.items[row.itemIndex];
        // The tag and the specification as the schedule wrote them, as the documents print them.
        const label = [line?.tag, line?.specification].filter((text) => text).join(' · ');
        return {
          numbers: legendNumbers(row),
          itemTypeId: row.itemTypeId,
          item: label ? `${name} ${label}` : name,
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
  // The verdict in words with its figures (ADR 010), as the project list and the documents say it.
  const verdict = useMemo(
    () =>
      packed && !foundFit ? { status: transitStatusOf(packed), text: verdictText(packed, units, tp) } : null,
    [packed, foundFit, units, tp],
  );
  // Banner: packing messages from the packed result, the rest from the current figures (spec §8 texts).
  const bannerMessages = useMemo(() => {
    const fromPacking = (packed?.messages ?? []).filter((m) => PACKING_CODES.has(m.code));
    const other = figures.messages.filter((m) => !PACKING_CODES.has(m.code) && m.code !== 'RISE_ULTRA_SCH80');
    return [...fromPacking, ...other].map((m) => ({
      ...m,
      text: t(`messages.${m.code}`, { defaultValue: m.text, ...messageParams(m.params, units) }),
    }));
  }, [packed, figures, t, units]);
  const sealantName = useNameById(catalogue.sealants);
  const materials = useMemo(
    () => materialLines(totalMaterials([figures.materials]), units, t, sealantName),
    [figures, units, t, sealantName],
  );
  const fill = useMemo(
    () => ({
      fillPercent: fillPercentOf(figures),
      fillLimitPercent: figures.fillLimitPercent,
      overfilled: figures.overfilled,
    }),
    [figures],
  );

  return {
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
  };
}
