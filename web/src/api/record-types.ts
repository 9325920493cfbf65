import type { Spot, SpotChanges, SpotCreateInput } from '#core/spots.ts';
import type { Trip, TripChanges, TripCreateInput } from '#core/trips.ts';

/**
 * The records besides catches that go through the outbox (docs/decisions/043-trips-and-spots.md): what each posts,
 * changes and gets back, from the one contract in core/ (type-only: no zod in the web bundle). A create carries its
 * clientId (the server's idempotency key, and the outbox entry's); the fields left out take the server's defaults.
 */
export interface RecordShapes {
  trip: {
    payload: Partial<TripCreateInput> & Pick<TripCreateInput, 'startedAt'> & { clientId: string };
    changes: TripChanges;
    saved: Trip;
  };
  spot: {
    payload: Partial<SpotCreateInput> &
      Pick<SpotCreateInput, 'name' | 'latitude' | 'longitude'> & {
        clientId: string;
      };
    changes: SpotChanges;
    saved: Spot;
  };
}

export type RecordKind = keyof RecordShapes;
