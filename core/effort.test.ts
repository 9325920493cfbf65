import { describe, expect, it } from 'vitest';
import { sunDay } from './astronomy.ts';
import { sunPhaseAt } from './catch-conditions.ts';
import { EFFORT_SLICE_MINUTES, minutesByBucket } from './effort.ts';
import { zonedDate, zonedDayWindow } from './zoned-day.ts';

const at = (iso: string) => Date.parse(iso);

/** The clock hour in a zone, in bands as an angler speaks of them. */
function hourBand(moment: Date, timeZone: string): 'morning' | 'afternoon' | 'evening' | 'night' {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(moment),
  );
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 17) return 'afternoon';
  if (hour >= 17 && hour < 21) return 'evening';
  return 'night';
}

describe('minutesByBucket', () => {
  it('counts a trip across a clock boundary to the minute, also in a 45-minute zone', () => {
    // 15:20–18:10 in Kathmandu (UTC+5:45): 100 minutes of afternoon, 70 of evening.
    const spans = [{ start: at('2026-06-01T09:35:00Z'), end: at('2026-06-01T12:25:00Z') }];
    const minutes = minutesByBucket(spans, (moment) => hourBand(moment, 'Asia/Kathmandu'));
    expect(Object.fromEntries(minutes)).toEqual({ afternoon: 100, evening: 70 });
  });

  it('counts odd starts and ends exactly, and adds up over several trips', () => {
    const spans = [
      { start: at('2026-06-01T16:58:30Z'), end: at('2026-06-01T17:01:15Z') },
      { start: at('2026-06-02T16:00:00Z'), end: at('2026-06-02T16:30:00Z') },
    ];
    const minutes = minutesByBucket(spans, (moment) => hourBand(moment, 'UTC'));
    expect(minutes.get('afternoon')).toBeCloseTo(1.5 + 30, 10);
    expect(minutes.get('evening')).toBeCloseTo(1.25, 10);
  });

  it('leaves out the minutes where the factor is not known', () => {
    const spans = [{ start: at('2026-06-01T10:00:00Z'), end: at('2026-06-01T12:00:00Z') }];
    const minutes = minutesByBucket(spans, (moment) => (moment.getUTCHours() === 10 ? 'known' : null));
    expect(Object.fromEntries(minutes)).toEqual({ known: 60 });
  });

  it('counts an evening trip spanning dusk in day, dusk and night, each within half a slice of the almanac', () => {
    // Lake Mille Lacs, Minnesota, 2026-06-20 (Central Daylight Time): fishing 20:00–23:30.
    const place = { latitude: 46.2, longitude: -93.65 };
    const timeZone = 'America/Chicago';
    const start = at('2026-06-21T01:00:00Z');
    const end = at('2026-06-21T04:30:00Z');
    const minutes = minutesByBucket([{ start, end }], (moment) => sunPhaseAt(moment, place));
    const fished = (phase: 'day' | 'dusk' | 'night') => minutes.get(phase) ?? 0;

    const almanac = sunDay(zonedDayWindow(zonedDate(new Date(start), timeZone), timeZone), place);
    const sunset = almanac.sun.set?.getTime() ?? Number.NaN;
    const lastLight = almanac.civilTwilight.set?.getTime() ?? Number.NaN;
    const halfSlice = EFFORT_SLICE_MINUTES / 2;
    expect(Math.abs(fished('day') - (sunset - start) / 60_000)).toBeLessThanOrEqual(halfSlice);
    expect(Math.abs(fished('dusk') - (lastLight - sunset) / 60_000)).toBeLessThanOrEqual(2 * halfSlice);
    expect(Math.abs(fished('night') - (end - lastLight) / 60_000)).toBeLessThanOrEqual(halfSlice);
    expect(fished('day') + fished('dusk') + fished('night')).toBe(210);
  });
});
