import { type Catch, CONDITIONS_NOT_WORKED_OUT } from './catch.ts';
import { catchSchema } from './catch-schema.ts';

/**
 * A catch for tests: nothing but what the test sets, every optional field null (the schema fills them in, so a new
 * optional written field needs nothing here). Defaults: id 1, 'Bass', saved at noon UTC on 15 January 2025 (the
 * same calendar day in every time zone) and caught then, its conditions not worked out, a real catch (not a test
 * page's sample).
 */
export function testCatch(fields: Partial<Catch> = {}): Catch {
  const defaults = catchSchema.parse({
    id: 1,
    fishType: 'Bass',
    createdAt: '2025-01-15T12:00:00.000Z',
    clientId: null,
    isTestCatch: false,
    caughtAt: '2025-01-15T12:00:00.000Z',
    conditions: CONDITIONS_NOT_WORKED_OUT,
  });
  return { ...defaults, ...fields };
}

/**
 * What a client sends to create a catch with every field of the contract set, none at its "not set" value, so a
 * field some view of a catch leaves out (the detail dialog, an export, the import) cannot go unnoticed. Everything
 * but the server's id and the photo, whose URL is the uploader's (the test adds it); tsc refuses a field of the
 * contract missing here. The texts need quoting in a CSV; the time of day and the two dates differ in every part.
 * The spot and trip links are ids of records of the same account, like the id: a walk sets them by making a spot and
 * a trip first (docs/decisions/043-trips-and-spots.md).
 */
export const EVERY_FIELD_SET = {
  fishType: 'Rainbow Trout',
  weight: 3.4,
  length: 18.5,
  locationName: 'Lake Tahoe, "West Shore"',
  latitude: 39.096848,
  longitude: -120.032349,
  notes: 'Caught near the drop-off,\nsecond line',
  waterTemperature: 54.2,
  depth: 12.5,
  catchDate: '2026-05-01',
  timeOfDay: '06:45',
  lineSize: '6 lb fluoro',
  baitUsed: 'PowerBait, chartreuse',
  clientId: '5f0c7a52-3c1e-4d7b-9a6e-2b8f4c1d9e07',
  createdAt: '2026-04-20T12:00:00.000Z',
  isTestCatch: true,
  released: true,
  quantity: 3,
} as const satisfies Record<
  Exclude<keyof Catch, 'id' | 'photo' | 'caughtAt' | 'conditions' | 'spotId' | 'tripId'>,
  unknown
>;

/**
 * Conditions with every part set, none null, as the conditions job leaves a catch whose weather it found: what an
 * export must carry and an import keep exactly. The numbers have no exact metric decimal where it matters (61.3°F,
 * 30.05 inHg), so a metric CSV is tested for reading back exactly what it wrote.
 */
export const EVERY_CONDITION_SET = {
  status: 'complete',
  weather: {
    airTemperature: 61.3,
    description: 'slight rain, "passing"',
    condition: 'Rain',
    windSpeed: 7.4,
    windDirection: 225,
    cloudCover: 88,
    precipitation: 0.02,
    humidity: 91,
    pressure: 30.05,
    pressureChange3h: -0.04,
    pressureTendency: 'falling',
  },
  sun: { phase: 'dawn', sunrise: '2026-05-01T13:05:00.000Z', sunset: '2026-05-02T02:48:00.000Z' },
  moon: { phase: 'Waxing Gibbous', illumination: 0.97, age: 13.6 },
  solunar: { period: 'major' },
  tide: {
    stationId: 'noaa/8443970',
    stationName: 'Boston, MA',
    distanceKm: 2.4,
    height: 6.1,
    stage: 'rising',
    minutesSinceLastTurn: 185,
    minutesToNextTurn: 190,
    rangeFraction: 0.52,
  },
} as const satisfies Catch['conditions'];
