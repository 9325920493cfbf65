import type { Spot } from '#core/spots.ts';
import { DEFAULT_SPOT_RADIUS_METERS } from '#core/spots.ts';
import type { OutboxEntry, RecordEntry } from '../../offline/outbox.ts';
import { isTargetOf } from '../../offline/outbox-actions.ts';

/**
 * The spots the app shows (decision 043): the server's list (kept on the phone, so also offline) with what still
 * waits in the outbox applied, as History merges catches: a spot saved offline is there at once (no catches counted
 * yet), a renamed one shows its new name, a deleted one is gone.
 */
export type ShownSpot = Omit<Spot, 'id'> & {
  /** The server id; null while the spot's create waits in the outbox. */
  id: number | null;
};

type SpotEntry = Extract<RecordEntry, { record: 'spot' }>;

const isSpotEntry = (entry: OutboxEntry): entry is SpotEntry => 'record' in entry && entry.record === 'spot';

/** A spot the server has not seen yet, from its create. */
function unsentSpot(entry: Extract<SpotEntry, { kind: 'record-create' }>): ShownSpot {
  const { payload } = entry;
  return {
    id: null,
    clientId: entry.clientId,
    name: payload.name,
    latitude: payload.latitude,
    longitude: payload.longitude,
    notes: payload.notes ?? null,
    radiusMeters: payload.radiusMeters ?? DEFAULT_SPOT_RADIUS_METERS,
    createdAt: new Date(entry.createdAt).toISOString(),
    catchCount: 0,
    bestCatch: null,
  };
}

/** The server's spots with the outbox's spot entries applied. */
export function mergeSpots(saved: readonly Spot[], entries: readonly OutboxEntry[]): ShownSpot[] {
  let spots: ShownSpot[] = [...saved];
  for (const entry of entries.filter(isSpotEntry)) {
    if (entry.kind === 'record-create') {
      const known = spots.some((spot) => spot.clientId === entry.clientId);
      spots = known
        ? spots.map((spot) => (spot.clientId === entry.clientId ? { ...spot, ...entry.payload } : spot))
        : [...spots, unsentSpot(entry)];
      continue;
    }
    const isTarget = (spot: ShownSpot) =>
      isTargetOf(entry.target, { id: spot.id ?? Number.NaN, clientId: spot.clientId });
    if (entry.kind === 'record-delete') {
      if (entry.state === 'pending') spots = spots.filter((spot) => !isTarget(spot));
      continue;
    }
    spots = spots.map((spot) => (isTarget(spot) ? { ...spot, ...entry.changes } : spot));
  }
  return spots;
}
