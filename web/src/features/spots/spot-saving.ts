import type { Catch } from '#core/catch.ts';
import type { Spot, SpotChanges, SpotCreateInput } from '#core/spots.ts';
import { ApiError } from '@/api/http';
import { createSpot, deleteSpot, updateSpot } from '@/api/spots';
import { queryClient, queryKeys } from '@/lib/query-client';

/**
 * Every write of a spot the app makes goes through these three functions (decision 043), so how spots reach the
 * server is decided here alone. Each refreshes the spots and the catches afterwards: a new spot takes the catches
 * in its radius, a deleted one leaves its catches unlinked.
 */

/** A new spot, without the clientId this module gives it. */
type NewSpot = Omit<SpotCreateInput, 'clientId'>;

function refreshSpotsAndCatches(): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.spots });
  void queryClient.invalidateQueries({ queryKey: queryKeys.catches });
}

/**
 * Saves a new spot; answers with it as the server saved it, or null when it waits on the phone to be sent (then
 * the server links the catches in its radius when it arrives).
 */
export async function saveNewSpot(spot: NewSpot): Promise<Spot | null> {
  const saved = await createSpot({ ...spot, clientId: crypto.randomUUID() });
  queryClient.setQueryData<Spot[]>(queryKeys.spots, (list) =>
    list && !list.some((item) => item.id === saved.id) ? [...list, saved] : list,
  );
  refreshSpotsAndCatches();
  return saved;
}

/** Changes a spot's name, notes or radius. */
export async function saveSpotChanges(spot: Pick<Spot, 'id'>, changes: SpotChanges): Promise<void> {
  const saved = await updateSpot(spot.id, changes);
  queryClient.setQueryData<Spot[]>(queryKeys.spots, (list) =>
    list?.map((item) => (item.id === saved.id ? saved : item)),
  );
  refreshSpotsAndCatches();
}

/** Deletes a spot; its catches stay, linked to no spot. */
export async function removeSpot(spot: Pick<Spot, 'id'>): Promise<void> {
  await deleteSpot(spot.id);
  queryClient.setQueryData<Spot[]>(queryKeys.spots, (list) => list?.filter((item) => item.id !== spot.id));
  queryClient.setQueryData<Catch[]>(queryKeys.catches, (list) =>
    list?.map((item) => (item.spotId === spot.id ? { ...item, spotId: null } : item)),
  );
  refreshSpotsAndCatches();
}

/** The server's reasons per field ('name', 'notes', 'radiusMeters') when it refused a spot; none otherwise. */
export function refusedSpotFields(error: unknown): Readonly<Record<string, string>> {
  return error instanceof ApiError ? error.fieldErrors : {};
}
