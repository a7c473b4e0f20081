import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { EngineMessage } from '@sealplan/engine';
// The engine's reference catalogue is a test fixture outside its public API (the db seed imports it the same way).
// eslint-disable-next-line no-restricted-imports
import { sampleCatalogue } from '../../../../../../packages/engine/src/testing/sample-catalogue';
import { PIPE_FLASH_MS, useTransitEditor, type TransitEditorState } from './use-transit-editor';

const initial: TransitEditorState = {
  transit: {
    name: 'T1',
    comments: '',
    nominalSize: null,
    shape: 'ROUND',
    diameterMm: 300,
    copies: 1,
    sparePercent: 0,
  },
  items: [],
};

function setup() {
  const messages: EngineMessage[] = [];
  const hook = renderHook(() => useTransitEditor(sampleCatalogue, initial, 'k1', (m) => messages.push(...m)));
  return { hook, messages };
}

describe('useTransitEditor (spec §4 transit editing through the engine reducer)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('cascades item type -> transit type -> class, and Cable takes the first transit type', () => {
    const { hook } = setup();
    act(() => hook.result.current.change({ field: 'itemTypeId', value: 'CABLE' }));
    expect(hook.result.current.state.transit.transitTypeId).toBe('NOFIRNO');
    expect(hook.result.current.options?.transitTypes.map((t) => t.id)).toEqual([
      'NOFIRNO',
      'NOFIRNO/CER',
      'NOFIRNO/RISE',
    ]);
    expect(hook.result.current.dirty).toBe(true);
    act(() => hook.result.current.change({ field: 'classId', value: 'A_60_CLASS' }));
    // Changing the class sets the minimum depth (spec §4) and refilters sealants (one left: auto-selected).
    expect(hook.result.current.state.transit.depthMm).toBe(120);
    expect(hook.result.current.state.transit.sealantType).toBe('NOFIRNO_SEALANT');
  });

  it('resets a depth below the minimum when committed, with the spec message', () => {
    const { hook, messages } = setup();
    act(() => hook.result.current.change({ field: 'itemTypeId', value: 'CABLE' }));
    act(() => hook.result.current.change({ field: 'classId', value: 'A_60_CLASS' }));
    act(() => hook.result.current.change({ field: 'depthMm', value: 50, commit: false }));
    expect(hook.result.current.state.transit.depthMm).toBe(50);
    expect(messages).toHaveLength(0);
    act(() => hook.result.current.change({ field: 'depthMm', value: 50, commit: true }));
    expect(hook.result.current.state.transit.depthMm).toBe(120);
    expect(messages.map((m) => m.text)).toEqual(['Minimum depth for this type of transit is 120mm']);
  });

  it('commits the depth the field shows on blur, and a save sees changes whose render is still pending', () => {
    const { hook, messages } = setup();
    act(() => hook.result.current.change({ field: 'itemTypeId', value: 'CABLE' }));
    act(() => hook.result.current.change({ field: 'classId', value: 'A_60_CLASS' }));
    act(() => {
      // Typed values travel as transitions; the save reads the latest state before React renders it.
      hook.result.current.change({ field: 'depthMm', value: 200, commit: false });
      hook.result.current.change({ field: 'sparePercent', value: 20 });
      expect(hook.result.current.latest().transit).toMatchObject({ depthMm: 200, sparePercent: 20 });
      expect(hook.result.current.state.transit.depthMm).toBe(120);
    });
    act(() => hook.result.current.commitDepth(80));
    expect(hook.result.current.state.transit.depthMm).toBe(120);
    expect(messages.map((m) => m.code)).toEqual(['DEPTH_BELOW_MINIMUM']);
    act(() => hook.result.current.commitDepth(200));
    expect(hook.result.current.latest().transit).toMatchObject({ depthMm: 200, sparePercent: 20 });
  });

  it('RISE_ULTRA: single pipe flashes the pipe dropdown for 1.5 s, the pipe sets the inside diameter, rectangles force MULTIPLE', () => {
    const { hook } = setup();
    act(() => hook.result.current.change({ field: 'itemTypeId', value: 'PIPE' }));
    act(() => hook.result.current.change({ field: 'transitTypeId', value: 'RISE_ULTRA' }));
    expect(hook.result.current.fieldState.depthEditable).toBe(false);
    expect(hook.result.current.fieldState.sealantLayerOptions).toEqual(['SINGLE', 'DOUBLE']);
    act(() => hook.result.current.change({ field: 'pipeConfiguration', value: 'SINGLE' }));
    expect(hook.result.current.flashPipe).toBe(true);
    act(() => vi.advanceTimersByTime(PIPE_FLASH_MS + 1));
    expect(hook.result.current.flashPipe).toBe(false);
    act(() => hook.result.current.change({ field: 'singleCrusherPipeId', value: 'PIPE-DN50' }));
    // 2" Schedule 40: (2.375 − 2 × 0.154) in × 25.4 = 52.5018 mm (exact inches, ADR 010).
    expect(hook.result.current.state.transit.diameterMm).toBe(52.5018);
    expect(hook.result.current.fieldState.diameterReadOnly).toBe(true);
    expect(hook.result.current.fieldState.showSch80Note).toBe(true);
    act(() => hook.result.current.change({ field: 'shape', value: 'RECTANGLE' }));
    expect(hook.result.current.state.transit.pipeConfiguration).toBe('MULTIPLE');
    expect(hook.result.current.fieldState.singlePipeOptionDisabled).toBe(true);
  });
});
