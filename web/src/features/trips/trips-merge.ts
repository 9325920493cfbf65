import type { Trip } from '#core/trips.ts';
import type { OutboxEntry, RecordEntry } from '../../offline/outbox.ts';
import { isTargetOf } from '../../offline/outbox-actions.ts';

/**
 * The trips the app shows (docs/decisions/043-trips-and-spots.md): the server's list (kept on the phone, so also
 * offline) with what still waits in the outbox applied, as History merges catches (history-merge.ts): a trip started
 * offline is there at once, an ended or counted one shows its new values, a deleted one is gone.
 */
export interface ShownTrip {
  /** A stable key: the clientId, else the server id. */
  key: string;
  /** The server id; null while the trip's create waits in the outbox. */
  id: number | null;
  clientId: string | null;
  startedAt: string;
  endedAt: string | null;
  notes: string | null;
  fishLost: number;
  bitesMissed: number;
  /** The server's copy with its figures (fish, rate, species); null while the trip waits to be sent. */
  saved: Trip | null;
  /** The create or edit still owed to the server for it, with its state (a refusal's reason); null when none. */
  waiting: RecordEntry | null;
}

type TripEntry = Extract<RecordEntry, { record: 'trip' }>;

const isTripEntry = (entry: OutboxEntry): entry is TripEntry =>
  entry.kind.startsWith('record-') && (entry as RecordEntry).record === 'trip';

function fromServer(trip: Trip): ShownTrip {
  return {
    key: trip.clientId ?? `id-${trip.id}`,
    id: trip.id,
    clientId: trip.clientId,
    startedAt: trip.startedAt,
    endedAt: trip.endedAt,
    notes: trip.notes ?? null,
    fishLost: trip.fishLost,
    bitesMissed: trip.bitesMissed,
    saved: trip,
    waiting: null,
  };
}

/** The written fields of a create or an edit, applied onto a shown trip. */
function applied(trip: ShownTrip, fields: Partial<ShownTrip>, waiting: TripEntry): ShownTrip {
  const next = { ...trip, waiting };
  for (const key of ['startedAt', 'endedAt', 'notes', 'fishLost', 'bitesMissed'] as const) {
    if (fields[key] !== undefined) (next as Record<string, unknown>)[key] = fields[key];
  }
  return next;
}

/** The server's trips with the outbox's trip entries applied, newest start first. */
export function mergeTrips(saved: readonly Trip[], entries: readonly OutboxEntry[]): ShownTrip[] {
  let trips = saved.map(fromServer);
  for (const entry of entries.filter(isTripEntry)) {
    if (entry.kind === 'record-create') {
      const known = trips.some((trip) => trip.clientId === entry.clientId);
      const base: ShownTrip = known
        ? (trips.find((trip) => trip.clientId === entry.clientId) as ShownTrip)
        : { ...fromServer(unsentTrip(entry)), id: null, saved: null };
      const shown = applied(base, entry.payload as Partial<ShownTrip>, entry);
      trips = known ? trips.map((trip) => (trip === base ? shown : trip)) : [...trips, shown];
      continue;
    }
    const isTarget = (trip: ShownTrip) =>
      isTargetOf(entry.target, { id: trip.id ?? Number.NaN, clientId: trip.clientId });
    if (entry.kind === 'record-delete') {
      if (entry.state === 'pending') trips = trips.filter((trip) => !isTarget(trip));
      continue;
    }
    trips = trips.map((trip) =>
      isTarget(trip) ? applied(trip, entry.changes as Partial<ShownTrip>, entry) : trip,
    );
  }
  return trips.sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt));
}

/** A trip not sent yet, as the server would first answer it (no fish counted yet). */
function unsentTrip(entry: Extract<TripEntry, { kind: 'record-create' }>): Trip {
  return {
    id: -1,
    clientId: entry.clientId,
    startedAt: entry.payload.startedAt,
    endedAt: null,
    spotId: null,
    notes: null,
    fishLost: 0,
    bitesMissed: 0,
    createdAt: new Date(entry.createdAt).toISOString(),
    durationMinutes: 0,
    catchCount: 0,
    catchesPerHour: null,
    species: [],
    skunked: false,
    effort: null,
  };
}

/** The trip running now (one at a time, decision 043), or null. */
export function runningTrip(trips: readonly ShownTrip[]): ShownTrip | null {
  return trips.find((trip) => trip.endedAt === null) ?? null;
}
