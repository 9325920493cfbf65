import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './date-time-format.ts';

describe('dateTimeFormat', () => {
  const moment = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' } as const;

  it("writes what Date's toLocaleString writes, in the locale and zone asked for", () => {
    const at = new Date('2026-11-27T06:05:00Z');
    expect(dateTimeFormat('en-US', { ...moment, timeZone: 'UTC' }).format(at)).toBe(
      at.toLocaleString('en-US', { ...moment, timeZone: 'UTC' }),
    );
    expect(dateTimeFormat('de-DE', { ...moment, timeZone: 'Europe/Berlin' }).format(at)).toBe(
      at.toLocaleString('de-DE', { ...moment, timeZone: 'Europe/Berlin' }),
    );
  });

  it('makes one formatter per locale and options, and another when either differs', () => {
    const first = dateTimeFormat(['en-GB', 'en'], { ...moment });
    expect(dateTimeFormat(['en-GB', 'en'], { ...moment })).toBe(first);
    expect(dateTimeFormat(['en-US'], { ...moment })).not.toBe(first);
    expect(dateTimeFormat(['en-GB', 'en'], { ...moment, timeZone: 'UTC' })).not.toBe(first);
  });
});
