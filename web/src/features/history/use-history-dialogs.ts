import { useCallback, useRef, useState } from 'react';
import type { Catch } from '#core/catch.ts';

/**
 * Which catch each of History's dialogs (details, edit, delete) shows, whether each has been mounted yet, and where
 * focus goes back when one closes. The dialogs are opened without a Radix Trigger, so focus is given back here: to
 * the card that opened them, or the heading once that card is gone.
 */
export function useHistoryDialogs() {
  const [openCatch, setOpenCatch] = useState<Catch | null>(null);
  const [catchToDelete, setCatchToDelete] = useState<Catch | null>(null);
  const [catchToEdit, setCatchToEdit] = useState<Catch | null>(null);
  // Each dialog is mounted at its first opening and stays (so it closes with its animation and gives focus back).
  const detailUsed = useRef(false);
  const editUsed = useRef(false);
  const deleteUsed = useRef(false);
  if (openCatch) detailUsed.current = true;
  if (catchToEdit) editUsed.current = true;
  if (catchToDelete) deleteUsed.current = true;

  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const openDetails = useCallback((item: Catch, opener: HTMLElement) => {
    returnFocusTo.current = opener;
    setOpenCatch(item);
  }, []);
  const openDelete = useCallback((item: Catch, opener: HTMLElement | null) => {
    returnFocusTo.current = opener;
    setCatchToDelete(item);
  }, []);
  const openEdit = useCallback((item: Catch, opener: HTMLElement | null) => {
    returnFocusTo.current = opener;
    setCatchToEdit(item);
  }, []);
  // From the details: the edit form takes their place, and focus goes back to the card afterwards.
  const editFromDetails = useCallback((item: Catch) => {
    setOpenCatch(null);
    setCatchToEdit(item);
  }, []);
  const restoreFocus = useCallback((event: Event) => {
    event.preventDefault();
    const target = returnFocusTo.current?.isConnected ? returnFocusTo.current : headingRef.current;
    target?.focus();
  }, []);

  return {
    openCatch,
    catchToEdit,
    catchToDelete,
    detailMounted: detailUsed.current,
    editMounted: editUsed.current,
    deleteMounted: deleteUsed.current,
    headingRef,
    openDetails,
    openEdit,
    openDelete,
    editFromDetails,
    restoreFocus,
    closeDetails: () => setOpenCatch(null),
    closeEdit: () => setCatchToEdit(null),
    closeDelete: (deleted: boolean) => {
      // The card is gone: focus goes to the heading.
      if (deleted) returnFocusTo.current = headingRef.current;
      setCatchToDelete(null);
    },
  };
}

export type HistoryDialogsState = ReturnType<typeof useHistoryDialogs>;
