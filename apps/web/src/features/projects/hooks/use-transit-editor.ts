import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  allowedClasses,
  allowedSealants,
  allowedTransitTypes,
  applyTransitChange,
  crusherOptions,
  minimumDepthMm,
  singlePipeOptions,
  transitFieldState,
  type Catalogue,
  type EngineMessage,
  type ItemTypeId,
  type TransitChange,
  type TransitInput,
} from '@sealplan/engine';
import type { DraftItem } from '../components/items-dialog';

/** Spec §9: the pipe dropdown flashes for about 1.5 s. */
export const PIPE_FLASH_MS = 1500;

/** The transit as the editor holds it: the engine's input plus the fields the engine does not use. */
export interface TransitDraft extends TransitInput {
  name: string;
  comments: string;
  nominalSize: string | null;
}

export interface EditorItem extends DraftItem {
  /** Stable key for React and for editing one line. */
  key: string;
  /** The stored line's id (absent for a line added since the last save). */
  id?: string;
  /** ADR 020: the cable tag (designation) of a stored line, shown in the drawing legend. */
  tag?: string | null;
}

export interface TransitEditorState {
  transit: TransitDraft;
  items: EditorItem[];
}

let keySeq = 0;
export function newItemKey() {
  keySeq += 1;
  return `item-${keySeq}`;
}

/**
 * Transit editing state (spec §4 "Transit editing"): every rule goes through the engine's applyTransitChange
 * reducer, so the browser and the server cascade alike. `onMessages` receives the messages a change caused
 * (e.g. the minimum-depth reset) to show as toasts.
 */
export function useTransitEditor(
  catalogue: Catalogue | null,
  initial: TransitEditorState,
  resetKey: string,
  onMessages: (m: EngineMessage[]) => void,
) {
  const [state, setState] = useState<TransitEditorState>(initial);
  const [dirty, setDirty] = useState(false);
  // The latest state, so a change computes its cascade (and its messages) synchronously in the event handler.
  // Only the writers below set it, never a render: a typed value travels as a transition, and an urgent render
  // in between still holds the older state, which would make the next change (e.g. the depth check on blur)
  // start from a stale transit.
  const stateRef = useRef(state);
  const [flashPipe, setFlashPipe] = useState(false);
  const flashTimer = useRef<number | undefined>(undefined);
  const onMessagesRef = useRef(onMessages);
  onMessagesRef.current = onMessages;

  // A different transit (or a reloaded version) replaces the editor's state.
  useEffect(() => {
    stateRef.current = initial;
    setState(initial);
    setDirty(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey]);

  useEffect(() => () => window.clearTimeout(flashTimer.current), []);

  const commit = useCallback((next: TransitEditorState) => {
    stateRef.current = next;
    setState(next);
    setDirty(true);
  }, []);

  const change = useCallback(
    (c: TransitChange) => {
      if (!catalogue) return;
      const result = applyTransitChange(catalogue, stateRef.current.transit, c);
      commit({ ...stateRef.current, transit: result.transit });
      if (result.messages.length) onMessagesRef.current(result.messages);
      if (result.flashSinglePipe) {
        setFlashPipe(true);
        window.clearTimeout(flashTimer.current);
        flashTimer.current = window.setTimeout(() => setFlashPipe(false), PIPE_FLASH_MS);
      }
    },
    [catalogue, commit],
  );

  /** Spec §5: the depth typed is checked against the minimum when the field loses focus. */
  const commitDepth = useCallback(
    (depthMm: number | null) => change({ field: 'depthMm', value: depthMm, commit: true }),
    [change],
  );

  /** The state with every change so far, including one whose render is still pending (what a save must send). */
  const latest = useCallback(() => stateRef.current, []);

  const setText = useCallback(
    (field: 'name' | 'comments', value: string) =>
      commit({ ...stateRef.current, transit: { ...stateRef.current.transit, [field]: value } }),
    [commit],
  );

  const setItems = useCallback(
    (update: (items: EditorItem[]) => EditorItem[]) =>
      commit({ ...stateRef.current, items: update(stateRef.current.items) }),
    [commit],
  );

  /** After a save or a reload: the server's state, not dirty. */
  const replace = useCallback((next: TransitEditorState) => {
    stateRef.current = next;
    setState(next);
    setDirty(false);
  }, []);

  const t = state.transit;
  const options = useMemo(() => {
    if (!catalogue) return null;
    return {
      transitTypes: allowedTransitTypes(catalogue, t.itemTypeId),
      classes: allowedClasses(catalogue, t.itemTypeId, t.transitTypeId),
      sealants: allowedSealants(catalogue, t.itemTypeId, t.classId),
      minimumDepthMm: minimumDepthMm(catalogue, t.itemTypeId, t.classId),
      singlePipes: singlePipeOptions(catalogue),
      crushersFor: (itemTypeId: ItemTypeId) => crusherOptions(catalogue, itemTypeId),
    };
  }, [catalogue, t.itemTypeId, t.transitTypeId, t.classId]);
  const fieldState = transitFieldState(t);

  return {
    state,
    latest,
    dirty,
    flashPipe,
    change,
    commitDepth,
    setText,
    setItems,
    replace,
    options,
    fieldState,
  };
}
