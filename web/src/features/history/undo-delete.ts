/**
 * How long a deleted catch can be brought back with the toast's 'Undo' (ms): the delete waits this long in the
 * outbox before it is sent (docs/decisions/024-undo-delete.md). Longer than a default toast: reading the toast and
 * reaching its button takes a moment.
 */
export const UNDO_DELETE_MS = 8000;

/** Brings a deleted catch back; false when it is too late (the delete has been sent). */
export type UndoDelete = () => Promise<boolean>;
