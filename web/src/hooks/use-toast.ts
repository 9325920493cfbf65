import { type ReactNode, useEffect, useState } from 'react';

/**
 * A small toast store (shadcn-style). docs/product.md#toasts: one toast at a time, 5000 ms by default,
 * a dismissed toast is removed from the store after 1,000,000 ms.
 */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;
const TOAST_DEFAULT_DURATION = 5000;

type ToastVariant = 'default' | 'destructive';

/** A button in the toast, e.g. 'Undo'; `altText` says how to do the same without it (Radix reads it out). */
interface ToastAction {
  label: string;
  altText: string;
  onClick: () => void;
}

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
  action?: ToastAction;
}

export interface ToasterToast extends ToastOptions {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface ToastState {
  toasts: ToasterToast[];
}

let count = 0;
function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
}

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<(state: ToastState) => void>();
let memoryState: ToastState = { toasts: [] };

function setState(next: ToastState): void {
  memoryState = next;
  for (const listener of listeners) listener(memoryState);
}

function scheduleRemoval(id: string): void {
  if (removeTimeouts.has(id)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(id);
    setState({ toasts: memoryState.toasts.filter((t) => t.id !== id) });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(id, timeout);
}

/** The toasts currently in the store (newest first). */
export function getToasts(): readonly ToasterToast[] {
  return memoryState.toasts;
}

/** Closes one toast, or all when no id is given. */
export function dismissToast(id?: string): void {
  for (const t of memoryState.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  setState({
    toasts: memoryState.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
  });
}

/** Shows a toast; the newest replaces the previous one (TOAST_LIMIT = 1). */
export function toast(opts: ToastOptions) {
  const id = genId();
  const update = (props: ToastOptions) =>
    setState({ toasts: memoryState.toasts.map((t) => (t.id === id ? { ...t, ...props } : t)) });
  const dismiss = () => dismissToast(id);
  const next: ToasterToast = {
    duration: TOAST_DEFAULT_DURATION,
    ...opts,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismiss();
    },
  };
  setState({ toasts: [next, ...memoryState.toasts].slice(0, TOAST_LIMIT) });
  return { id, dismiss, update };
}

/** The current toasts (for the Toaster) plus the toast() and dismiss() functions. */
export function useToast() {
  const [state, setLocalState] = useState<ToastState>(memoryState);
  useEffect(() => {
    listeners.add(setLocalState);
    return () => {
      listeners.delete(setLocalState);
    };
  }, []);
  return { ...state, toast, dismiss: dismissToast };
}
