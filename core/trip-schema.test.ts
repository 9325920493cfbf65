import { describe, expect, it } from 'vitest';
import { tripCreateSchema, tripSchema, tripUpdateSchema } from './trip-schema.ts';
import {
  endsBeforeStart,
  TRIP_ENDS_BEFORE_START,
  type Trip,
  type TripChanges,
  type TripCreateInput,
} from './trips.ts';

describe('the trip contract', () => {
  it('keeps moments in UTC, an open end as null and the counts at 0', () => {
    const trip: TripCreateInput = tripCreateSchema.parse({ startedAt: '2026-05-01T06:00:00-07:00' });
    expect(trip).toEqual({
      startedAt: '2026-05-01T13:00:00.000Z',
      endedAt: null,
      spotId: null,
      notes: null,
      fishLost: 0,
      bitesMissed: 0,
      clientId: undefined,
    });
  });

  it('refuses an end before the start, naming endedAt', () => {
    const result = tripCreateSchema.safeParse({
      startedAt: '2026-05-01T13:00:00Z',
      endedAt: '2026-05-01T12:59:00Z',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['endedAt', TRIP_ENDS_BEFORE_START],
    ]);
    expect(endsBeforeStart('2026-05-01T13:00:00.000Z', null)).toBe(false);
  });

  it('refuses a moment without its offset, and counts that are not whole numbers', () => {
    const result = tripCreateSchema.safeParse({ startedAt: '2026-05-01T13:00', fishLost: 1.5, spotId: 'a' });
    expect(
      Object.fromEntries(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []),
    ).toEqual({
      startedAt: 'Start must be a date and time with its offset (ISO 8601)',
      fishLost: 'Fish lost must be a whole number from 0 to 100000',
      spotId: 'spotId must be a positive whole number or null',
    });
  });

  it('changes only the fields sent; a null end opens the trip again', () => {
    const changes: TripChanges = tripUpdateSchema.parse({ endedAt: null });
    expect(changes).toEqual({ endedAt: null });
    expect(tripUpdateSchema.parse({})).toEqual({});
  });

  it('answers a trip with its effort and catch figures', () => {
    const answer: Trip = {
      id: 1,
      clientId: null,
      startedAt: '2026-05-01T13:00:00.000Z',
      endedAt: '2026-05-01T15:00:00.000Z',
      spotId: null,
      notes: null,
      fishLost: 1,
      bitesMissed: 4,
      createdAt: '2026-05-01T13:00:00.000Z',
      durationMinutes: 120,
      catchCount: 0,
      catchesPerHour: 0,
      species: [],
      skunked: true,
      effort: null,
    };
    expect(tripSchema.parse(answer)).toEqual(answer);
  });
});
