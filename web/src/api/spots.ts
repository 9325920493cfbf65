import type { Spot, SpotChanges, SpotCreateInput } from '#core/spots.ts';
import { API_PATHS } from './endpoints.ts';
import { http, type Transport } from './http.ts';

/**
 * The spots' endpoints (decision 043), apart from endpoints.ts: only History's Spots view, the catch details and the
 * outbox use them, so the shell's first bundle does not carry them (decision 023).
 */

/** GET /api/spots: the angler's spots, each with its catch count and heaviest fish (decision 043). */
export async function getSpots(): Promise<Spot[]> {
  return (await (await http(API_PATHS.spots)).json()) as Spot[];
}

/** POST /api/spots: saves a spot; a repeated clientId answers with the spot already saved. */
export async function createSpot(payload: SpotCreateInput, transport?: Transport): Promise<Spot> {
  return (await (
    await http(API_PATHS.spots, { ...transport, method: 'POST', json: payload })
  ).json()) as Spot;
}

/** PATCH /api/spots/:id: sets the given fields. */
export async function updateSpot(id: number, changes: SpotChanges, transport?: Transport): Promise<Spot> {
  return (await (
    await http(`${API_PATHS.spots}/${id}`, { ...transport, method: 'PATCH', json: changes })
  ).json()) as Spot;
}

/** DELETE /api/spots/:id: its catches stay, unlinked; a 404 means it is already gone. */
export async function deleteSpot(id: number, transport?: Transport): Promise<void> {
  await http(`${API_PATHS.spots}/${id}`, { ...transport, method: 'DELETE' });
}
