import { describe, expect, it } from 'vitest';
import { tripStartAt } from './trip-format.ts';

const at = (time: string) => Date.parse(`2026-06-01T${time}Z`);

describe('tripStartAt', () => {
  it('starts a trip at the whole minute, so a catch logged in its first minute falls inside it', () => {
    expect(tripStartAt(at('10:00:42'))).toBe('2026-06-01T10:00:00.000Z');
  });

  it('never starts before the last trip ended: a trip ended 30 s ago does not overlap the next', () => {
    const trips = [
      { endedAt: '2026-06-01T10:00:30.000Z' },
      { endedAt: '2026-06-01T08:00:00.000Z' },
      { endedAt: null },
    ];
    expect(tripStartAt(at('10:00:42'), trips)).toBe('2026-06-01T10:00:30.000Z');
    expect(tripStartAt(at('10:05:42'), trips)).toBe('2026-06-01T10:05:00.000Z');
  });
});
