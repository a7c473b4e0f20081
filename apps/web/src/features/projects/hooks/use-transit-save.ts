import { useTranslation } from 'react-i18next';
import { MAX_TRANSIT_CIRCLES, circleCount, type PackingLayout } from '@sealplan/contracts';
import type { TransitSizing } from '@sealplan/engine';
import { notify } from '@/lib/toast';
import { useUnits } from '@/lib/units';
import { sizingErrors } from '../lib/sizing-errors';
import type { TransitEditorState, useTransitEditor } from './use-transit-editor';

export interface TransitSaveInput {
  editor: ReturnType<typeof useTransitEditor>;
  /** The Web Worker's packing: its fitting layout goes with the save (ADR 004). */
  live: { result: TransitSizing | null };
  onSave: (state: TransitEditorState, layout: PackingLayout | null) => Promise<boolean>;
}

/**
 * Saving the transit: the name and the sizing fields are checked as the server would (ADR 010: a field the server
 * would refuse is not sent), and more circles than the server accepts (ADR 015) hold the save back.
 */
export function useTransitSave({ editor, live, onSave }: TransitSaveInput) {
  const { t } = useTranslation('transits');
  const units = useUnits();
  const { transit, items } = editor.state;
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
    // The worker's layout goes with the save: when it fits, a certificate the server keeps only when it is valid for
    // what is saved (ADR 004); when it does not, the best layout the worker found, where the server's search starts
    // instead of from nothing (ADR 039).
    const found = live.result?.packing;
    const layout =
      found && found.source !== 'skipped'
        ? { centres: found.circles.map((c) => ({ xMm: c.xMm, yMm: c.yMm })) }
        : null;
    // On success the page loads the stored transit (new version): the editor resets to it, clean.
    void onSave(current, layout);
  };
  return { nameError, circlesError, save };
}
