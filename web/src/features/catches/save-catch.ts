import type { UnitSystem } from '#core/units.ts';
import { phoneTimeZone } from '../../lib/phone-time-zone.ts';
import type { OfflineRuntime } from '../../offline/load-offline-runtime.ts';
import type { CreateEntry, Outbox } from '../../offline/outbox.ts';
import { newCreateEntry } from '../../offline/outbox-actions.ts';
import { assertValidCatch } from './catch-check.ts';
import { buildCatchPayload, type CatchFormValues } from './catch-payload.ts';

/**
 * The log form's save (docs/decisions/004-offline-outbox.md): the catch, photo included, goes into the IndexedDB outbox and that is the
 * save: 'Catch Logged!' means it is on the phone. The sync engine (offline/sync/) then uploads the
 * photo and posts the catch (the upload-then-POST /api/mobile-catch sequence of docs/product.md#offline, with its fallbacks) when
 * the network allows, and removes the entry once the server confirmed it.
 * The catch is checked with the one catch contract first (decision 021: check before you promise): a value the
 * server would refuse throws InvalidCatchError and nothing is queued. Throws StorageFullError when the device has no
 * room left.
 */

export interface SaveCatchOptions {
  outbox: Outbox;
  /** The signed-in user: the entry is only ever sent with this user's session. */
  userId: number;
  /** The moment of saving (createdAt, default date and time). */
  now?: Date;
  /** Idempotency key; a new UUID when not given. */
  clientId?: string;
  /** The units the values were typed in (the account's setting). */
  units: UnitSystem;
}

/** Puts one catch from the log form's values and optional photo into the outbox; resolves with the entry. */
export async function saveCatch(
  values: CatchFormValues,
  photo: Blob | null,
  options: SaveCatchOptions,
): Promise<CreateEntry> {
  const payload = buildCatchPayload(values, {
    photo: null,
    clientId: options.clientId ?? crypto.randomUUID(),
    now: options.now ?? new Date(),
    units: options.units,
    timeZone: phoneTimeZone(),
  });
  await assertValidCatch('create', payload, options.units);
  const entry = newCreateEntry(options.userId, payload, photo);
  await options.outbox.add(entry);
  return entry;
}

/**
 * The Log form's save (log-catch-form.tsx), here so its steps load with the save and not with the form (decision
 * 023): the picked photo prepared to keep (photo-field.tsx, drawn by then), the catch into the outbox, then the
 * browser asked not to evict the outbox under storage pressure (at the first save) and the sync engine told.
 */
export async function saveLoggedCatch(
  offline: Pick<OfflineRuntime, 'outbox' | 'requestPersistentStorage' | 'requestFlush'>,
  values: CatchFormValues,
  file: File | null,
  options: Omit<SaveCatchOptions, 'outbox' | 'now'>,
): Promise<CreateEntry> {
  const kept = file ? await (await import('../log/photo-field.tsx')).photoToKeep(file) : null;
  const entry = await saveCatch(values, kept, { ...options, outbox: offline.outbox });
  void offline.requestPersistentStorage();
  offline.requestFlush();
  return entry;
}
