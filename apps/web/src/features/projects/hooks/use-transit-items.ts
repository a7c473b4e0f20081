import { useCallback, useRef, useState } from 'react';
import type { ItemTypeId } from '@sealplan/engine';
import type { DraftItem, ItemsDialogMode } from '../components/items-dialog';
import { newItemKey, type EditorItem, type useTransitEditor } from './use-transit-editor';

export interface ItemsDialogState {
  itemTypeId: ItemTypeId;
  mode: ItemsDialogMode;
  key?: string;
}

/**
 * The transit's item lines as the editor changes them: the Add / Edit dialog (kept mounted while closed, so focus
 * returns to the button that opened it), quick entry and removal.
 */
export function useTransitItems(editor: ReturnType<typeof useTransitEditor>) {
  const { setItems } = editor;
  const { transit } = editor.state;
  // The last dialog stays rendered (closed) so its closing transition runs and focus goes back where it came from.
  const [dialog, setDialog] = useState<ItemsDialogState | null>(null);
  const [opened, setOpened] = useState(false);
  // WCAG 2.4.3: what had focus when the dialog opened gets it back when the dialog has closed.
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((next: ItemsDialogState) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(next);
    setOpened(true);
  }, []);
  const onClosed = useCallback(() => {
    if (opener.current?.isConnected) opener.current.focus();
  }, []);
  const defaultType = transit.itemTypeId ?? 'CABLE';
  const openAdd = useCallback(
    (itemTypeId: ItemTypeId) => open({ itemTypeId, mode: { kind: 'add' } }),
    [open],
  );
  const onNext = useCallback(() => openAdd(defaultType), [openAdd, defaultType]);
  const onEditItem = useCallback(
    (i: EditorItem) => open({ itemTypeId: i.itemTypeId, mode: { kind: 'edit', item: i }, key: i.key }),
    [open],
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

  return {
    dialog,
    opened,
    closeDialog: useCallback(() => setOpened(false), []),
    onClosed,
    defaultType,
    openAdd,
    onNext,
    onEditItem,
    onAddLines,
    onRemoveItem,
    submitItems,
  };
}
