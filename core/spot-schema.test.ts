import { describe, expect, it } from 'vitest';
import { spotCreateSchema, spotSchema, spotUpdateSchema } from './spot-schema.ts';
import {
  DEFAULT_SPOT_RADIUS_METERS,
  type Spot,
  type SpotBestCatch,
  type SpotChanges,
  type SpotCreateInput,
} from './spots.ts';

function errorsOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the spot contract', () => {
  it('takes a name and a position, with the default radius and loose decimal strings', () => {
    const spot: SpotCreateInput = spotCreateSchema.parse({
      name: ' Weed edge, north bay ',
      latitude: '46.5',
      longitude: -84.25,
    });
    expect(spot).toEqual({
      name: 'Weed edge, north bay',
      latitude: 46.5,
      longitude: -84.25,
      notes: null,
      radiusMeters: DEFAULT_SPOT_RADIUS_METERS,
      clientId: undefined,
    });
  });

  it('names each bad field', () => {
    const result = spotCreateSchema.safeParse({ name: ' ', latitude: 91, radiusMeters: 5001, clientId: 'x' });
    expect(errorsOf(result)).toEqual({
      name: 'Name required',
      latitude: 'Latitude must be at most 90',
      longitude: 'Longitude required',
      radiusMeters: 'Radius must be a whole number from 10 to 5000',
      clientId: 'clientId must be a UUID',
    });
    expect(
      errorsOf(spotCreateSchema.safeParse({ name: 'a', latitude: 0, longitude: 0, radiusMeters: 9 })),
    ).toEqual({
      radiusMeters: 'Radius must be a whole number from 10 to 5000',
    });
  });

  it('changes only the fields sent', () => {
    const changes: SpotChanges = spotUpdateSchema.parse({ radiusMeters: '300' });
    expect(changes).toEqual({ radiusMeters: 300 });
  });

  it('answers a spot with its catch count and heaviest fish', () => {
    const bestCatch: SpotBestCatch = { id: 3, fishType: 'Pike', weight: 11.5 };
    const answer: Spot = {
      id: 1,
      clientId: null,
      name: 'Weed edge',
      latitude: 46.5,
      longitude: -84.25,
      notes: null,
      radiusMeters: 150,
      createdAt: '2026-05-01T13:00:00.000Z',
      catchCount: 14,
      bestCatch,
    };
    expect(spotSchema.parse(answer)).toEqual(answer);
  });
});
