/**
 * Names shared by the page, other tabs and the service worker (no imports: cheap for any bundle to use).
 */

/** The BroadcastChannel every outbox write, and every sync result, is announced on. */
export const OUTBOX_CHANNEL = 'tightlines-outbox';

/** The Background Sync tag the page registers and the service worker answers (sw.ts). */
export const BACKGROUND_SYNC_TAG = 'tightlines-outbox';
