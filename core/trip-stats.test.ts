import { describe, expect, it } from 'vitest';
import { tripMinutes, tripTotals } from './trip-stats.ts';

const NOW = Date.parse('2026-05-02T10:00:00.000Z');

describe('the effort figures of the trips', () => {
  it('are nothing with no trips, and no rate without hours', () => {
    expect(tripTotals([], NOW)).toEqual({
      trips: 0,
      minutesFished: 0,
      skunkedTrips: 0,
      fishInTrips: 0,
      fishPerHour: null,
    });
  });

  it('add a running trip so far to the ended ones, and its fish to the rate', () => {
    const totals = tripTotals(
      [
        { startedAt: '2026-05-01T06:00:00.000Z', endedAt: '2026-05-01T08:30:00.000Z', catchCount: 4 },
        // Running since 9:00: an hour so far.
        { startedAt: '2026-05-02T09:00:00.000Z', endedAt: null, catchCount: 1 },
      ],
      NOW,
    );
    expect(totals).toEqual({
      trips: 2,
      minutesFished: 210,
      skunkedTrips: 0,
      fishInTrips: 5,
      fishPerHour: 5 / 3.5,
    });
  });

  it('count an ended trip with no fish as skunked, never a running one or one not counted yet', () => {
    const totals = tripTotals(
      [
        { startedAt: '2026-05-01T06:00:00.000Z', endedAt: '2026-05-01T08:00:00.000Z', catchCount: 0 },
        { startedAt: '2026-05-01T12:00:00.000Z', endedAt: '2026-05-01T13:00:00.000Z', catchCount: null },
        { startedAt: '2026-05-02T09:00:00.000Z', endedAt: null, catchCount: 0 },
      ],
      NOW,
    );
    expect(totals).toEqual({ trips: 3, minutesFished: 240, skunkedTrips: 1, fishInTrips: 0, fishPerHour: 0 });
  });

  it('give no rate for a trip started this minute', () => {
    expect(
      tripTotals([{ startedAt: new Date(NOW - 30_000).toISOString(), endedAt: null, catchCount: 0 }], NOW),
    ).toMatchObject({ trips: 1, minutesFished: 0, fishPerHour: null });
  });

  it('count whole minutes, to the end or to now', () => {
    expect(
      tripMinutes({ startedAt: '2026-05-02T09:00:00.000Z', endedAt: '2026-05-02T09:45:59.000Z' }, NOW),
    ).toBe(45);
    expect(tripMinutes({ startedAt: '2026-05-02T09:59:30.000Z', endedAt: null }, NOW)).toBe(0);
  });
});
