import type { Catch, CatchChanges } from '#core/catch.ts';
import { API_PATHS, recordPath } from './endpoints.ts';
import { http, type Transport } from './http.ts';
import type { RecordKind, RecordShapes } from './record-types.ts';

/**
 * What the outbox's sync engine sends (offline/sync/): the writes of catches, trips, spots and photos. Loaded with
 * the sync engine, not in the shell's first bundle (decision 023). Each throws ApiError on a non-OK answer.
 */

/** POST /api/catches: saves a catch; a repeated clientId answers with the catch already saved. */
export async function createCatch(payload: object, transport?: Transport): Promise<Catch> {
  return (await (
    await http(API_PATHS.catches, { ...transport, method: 'POST', json: payload })
  ).json()) as Catch;
}

/** POST /api/mobile-catch: the phone's save (docs/api.md), the same contract as POST /api/catches. */
export async function createMobileCatch(payload: object, transport?: Transport): Promise<Catch> {
  return (await (
    await http('/api/mobile-catch', { ...transport, method: 'POST', json: payload })
  ).json()) as Catch;
}

/** Which saved catch: its server id, else the clientId it was created with (this device may not know the id). */
interface CatchRef {
  id?: number;
  clientId?: string;
}

function catchPath({ id, clientId }: CatchRef): string {
  return id !== undefined
    ? `${API_PATHS.catches}/${id}`
    : `${API_PATHS.catches}/client/${encodeURIComponent(clientId ?? '')}`;
}

/** PATCH /api/catches/:id or /api/catches/client/:clientId: sets the given fields (null clears one). */
export async function updateCatch(
  target: CatchRef,
  changes: CatchChanges,
  transport?: Transport,
): Promise<Catch> {
  return (await (
    await http(catchPath(target), { ...transport, method: 'PATCH', json: changes })
  ).json()) as Catch;
}

/** DELETE /api/catches/:id or /api/catches/client/:clientId; a 404 means it is already gone. */
export async function deleteCatch(target: CatchRef, transport?: Transport): Promise<void> {
  await http(catchPath(target), { ...transport, method: 'DELETE' });
}

/** POST /api/trips or /api/spots; a repeated clientId answers with the record already saved. */
export async function createRecord<R extends RecordKind>(
  record: R,
  payload: RecordShapes[R]['payload'],
  transport?: Transport,
): Promise<RecordShapes[R]['saved']> {
  return (await (
    await http(recordPath(record), { ...transport, method: 'POST', json: payload })
  ).json()) as RecordShapes[R]['saved'];
}

/** PATCH /api/trips/:id or /api/spots/:id: sets the given fields. */
export async function updateRecord<R extends RecordKind>(
  record: R,
  id: number,
  changes: RecordShapes[R]['changes'],
  transport?: Transport,
): Promise<RecordShapes[R]['saved']> {
  return (await (
    await http(recordPath(record, id), { ...transport, method: 'PATCH', json: changes })
  ).json()) as RecordShapes[R]['saved'];
}

/** DELETE /api/trips/:id or /api/spots/:id; a 404 means it is already gone. */
export async function deleteRecord(record: RecordKind, id: number, transport?: Transport): Promise<void> {
  await http(recordPath(record, id), { ...transport, method: 'DELETE' });
}

/** A multipart form with the photo in the `photo` field (docs/api.md), named as the file was (or 'catch-photo'). */
export function photoForm(photo: Blob): FormData {
  const form = new FormData();
  form.append('photo', photo, photo instanceof File && photo.name ? photo.name : 'catch-photo');
  return form;
}

/** POST /api/upload → { url } of the stored photo (docs/api.md); the body is checked by the caller. */
export async function uploadPhoto(photo: Blob, transport?: Transport): Promise<{ url?: unknown }> {
  return (await (
    await http('/api/upload', { ...transport, method: 'POST', form: photoForm(photo) })
  ).json()) as {
    url?: unknown;
  };
}
