import { describe, expect, it } from 'vitest';
import { tideStateAt } from '#core/tide-prediction.ts';
import type { TideExtreme } from '#core/tides.ts';
import { zonedDate } from '#core/zoned-day.ts';
import { testTideStations } from '../test-support/test-app.ts';
import { TideService } from './tides.service.ts';

/**
 * Our predictions (the built station index, core's predictor) against NOAA CO-OPS's own published predictions, at
 * three NOAA stations: every published high and low is found, of the same kind, within 10 minutes and 0.1 ft, and
 * the days have no extra ones. The published values below are NOAA CO-OPS answers (the Data API,
 * api.tidesandcurrents.noaa.gov/api/prod/datagetter, product=predictions, interval=hilo, datum=MLLW) as kept
 * verbatim in public repositories that consume that API; each block names its query.
 */

const TIME_TOLERANCE_MINUTES = 10;
const HEIGHT_TOLERANCE_FEET = 0.1;
const FEET_PER_METRE = 1 / 0.3048;

interface Published {
  /** When, as NOAA lists it, with its UTC offset. */
  time: string;
  type: 'high' | 'low';
  feet: number;
}

const published = (offset: string, rows: [string, 'H' | 'L', number][], unit: 'feet' | 'metres' = 'feet') =>
  rows.map(
    ([time, type, value]): Published => ({
      time: `${time.replace(' ', 'T')}:00${offset}`,
      type: type === 'H' ? 'high' : 'low',
      feet: unit === 'feet' ? value : value * FEET_PER_METRE,
    }),
  );

const CASES: { station: string; where: [number, number]; query: string; rows: Published[] }[] = [
  {
    station: 'noaa/8443970',
    where: [42.3548, -71.0503],
    // Boston, MA: date=2025-10-22, time_zone=lst_ldt (EDT), units=english: a whole local day.
    query: 'station=8443970&begin_date=20251022&time_zone=lst_ldt&units=english',
    rows: published('-04:00', [
      ['2025-10-22 00:18', 'H', 9.398],
      ['2025-10-22 06:15', 'L', 1.085],
      ['2025-10-22 12:24', 'H', 10.093],
      ['2025-10-22 18:43', 'L', 0.343],
    ]),
  },
  {
    station: 'noaa/8443970',
    where: [42.3548, -71.0503],
    // Boston, MA: captured on 2026-05-04, time_zone=GMT, units=english.
    query: 'station=8443970&begin_date=20260503&end_date=20260505&time_zone=GMT&units=english',
    rows: published('Z', [
      ['2026-05-04 05:24', 'H', 10.053],
      ['2026-05-04 11:49', 'L', 0.332],
      ['2026-05-04 18:03', 'H', 8.858],
      ['2026-05-04 23:55', 'L', 1.567],
      ['2026-05-05 06:04', 'H', 9.878],
      ['2026-05-05 12:29', 'L', 0.572],
      ['2026-05-05 18:44', 'H', 8.639],
    ]),
  },
  {
    station: 'noaa/9410230',
    where: [32.8669, -117.2571],
    // La Jolla, CA: time_zone=GMT, units=metric.
    query: 'station=9410230&begin_date=20260926&time_zone=GMT&units=metric',
    rows: published(
      'Z',
      [
        ['2026-09-26 04:03', 'H', 1.644],
        ['2026-09-26 10:15', 'L', 0.13],
      ],
      'metres',
    ),
  },
  {
    station: 'noaa/9414131',
    where: [37.5025, -122.4822],
    // Pillar Point Harbor (Half Moon Bay), CA: date=2022-08-06, time_zone=lst_ldt (PDT), units=english.
    query: 'station=9414131&begin_date=20220806&time_zone=lst_ldt&units=english',
    rows: published('-07:00', [
      ['2022-08-06 00:21', 'L', 0.804],
      ['2022-08-06 06:40', 'H', 3.476],
      ['2022-08-06 11:04', 'L', 2.591],
      ['2022-08-06 17:48', 'H', 5.902],
    ]),
  },
];

const MINUTE = 60_000;

describe("our predictions against NOAA CO-OPS's published ones", () => {
  const tides = new TideService(testTideStations(), { now: () => new Date() });

  it.each(CASES)('$station ($query)', async ({ station, where: [lat, lon], rows }) => {
    // Our highs and lows of every station day the published ones fall on.
    const first = await tides.day(lat, lon);
    expect(first.station?.id).toBe(station);
    const timeZone = first.station?.timeZone as string;
    const dates = [...new Set(rows.map((row) => zonedDate(new Date(row.time), timeZone)))];
    const ours: TideExtreme[] = [];
    for (const date of dates) ours.push(...(await tides.day(lat, lon, date)).extremes);

    for (const row of rows) {
      const publishedAt = Date.parse(row.time);
      const match = ours.find(
        (extreme) =>
          extreme.type === row.type &&
          Math.abs(Date.parse(extreme.time) - publishedAt) <= TIME_TOLERANCE_MINUTES * MINUTE,
      );
      expect(match, `${row.type} water at ${row.time}`).toBeDefined();
      expect(Math.abs((match?.height as number) - row.feet), `height at ${row.time}`).toBeLessThanOrEqual(
        HEIGHT_TOLERANCE_FEET,
      );
    }
    // No high or low of ours between the first and the last published one that NOAA does not list.
    const span = [Date.parse(rows[0]?.time as string), Date.parse(rows.at(-1)?.time as string)];
    const between = ours.filter(
      (extreme) =>
        Date.parse(extreme.time) >= (span[0] as number) - TIME_TOLERANCE_MINUTES * MINUTE &&
        Date.parse(extreme.time) <= (span[1] as number) + TIME_TOLERANCE_MINUTES * MINUTE,
    );
    expect(between).toHaveLength(rows.length);
  });

  it("La Jolla's water between the turns: NOAA's 6-minute predictions of 2026-09-26 05:00 and 05:06 GMT", async () => {
    // Same source and query as above, interval=6 (metric): 1.561 m and 1.542 m.
    const found = await testTideStations().nearest(32.8669, -117.2571, 50);
    const station = found?.station;
    expect(station?.id).toBe('noaa/9410230');
    if (!station) return;
    for (const [time, metres] of [
      ['2026-09-26T05:00:00Z', 1.561],
      ['2026-09-26T05:06:00Z', 1.542],
    ] as const) {
      const state = tideStateAt(station, new Date(time));
      expect(Math.abs((state?.height as number) - metres * FEET_PER_METRE)).toBeLessThanOrEqual(
        HEIGHT_TOLERANCE_FEET,
      );
    }
  });
});
