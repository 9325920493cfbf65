/**
 * The trip and spot shapes the outbox and the screens use (docs/decisions/043-trips-and-spots.md). TEMPORARY until
 * core/trip-schema.ts and core/spot-schema.ts land: then these become type-only re-exports of theirs.
 */
export interface Trip {
  id: number;
  clientId: string | null;
  startedAt: string;
  endedAt: string | null;
  spotId: number | null;
  notes: string | null;
  fishLost: number;
  bitesMissed: number;
  createdAt: string;
  durationMinutes: number;
  catchCount: number;
  catchesPerHour: number | null;
  species: string[];
  skunked: boolean;
}

export interface TripCreatePayload {
  clientId: string;
  startedAt: string;
  endedAt?: string | null;
  spotId?: number | null;
  notes?: string | null;
  fishLost?: number;
  bitesMissed?: number;
}

export type TripChanges = Partial<Omit<TripCreatePayload, 'clientId'>>;

export interface Spot {
  id: number;
  clientId: string | null;
  name: string;
  latitude: number;
  longitude: number;
  notes: string | null;
  radiusMeters: number;
  createdAt: string;
}

export interface SpotCreatePayload {
  clientId: string;
  name: string;
  latitude: number;
  longitude: number;
  notes?: string | null;
  radiusMeters?: number;
}

export type SpotChanges = Partial<Omit<SpotCreatePayload, 'clientId'>>;

/** The records besides catches that go through the outbox (decision 043): what each posts, changes and gets back. */
export interface RecordShapes {
  trip: { payload: TripCreatePayload; changes: TripChanges; saved: Trip };
  spot: { payload: SpotCreatePayload; changes: SpotChanges; saved: Spot };
}

export type RecordKind = keyof RecordShapes;
