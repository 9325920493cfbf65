import { describe, expect, it } from 'vitest';
import { resolveCreatedAt } from './created-at.ts';

const now = new Date('2026-06-01T12:00:00.000Z');

describe('which device clock we believe', () => {
  it('keeps a parsable time between 1990 and now', () => {
    expect(resolveCreatedAt('2025-01-02T03:04:05.000Z', now)).toEqual(new Date('2025-01-02T03:04:05.000Z'));
    expect(resolveCreatedAt('2026-06-01T14:00:00+02:00', now)).toEqual(now);
  });

  it.each([
    ['missing', undefined],
    ['not text', 1_700_000_000_000],
    ['unparsable', 'yesterday-ish'],
    ['in the future', '2026-06-01T12:00:00.001Z'],
    ['before 1990', '1989-12-31T23:59:59.999Z'],
  ])('takes the server clock for a time %s', (_label, claimed) => {
    expect(resolveCreatedAt(claimed, now)).toEqual(now);
  });
});
