import { describe, expect, it } from 'vitest';
import { memberLabel } from './member-label.ts';

describe('memberLabel', () => {
  it('names the month and year the account was created', () => {
    expect(memberLabel('2025-04-15T12:00:00.000Z')).toBe('Member since Apr 2025');
  });

  it('falls back to Pro Member when the date is missing or unreadable', () => {
    expect(memberLabel(null)).toBe('Pro Member');
    expect(memberLabel(undefined)).toBe('Pro Member');
    expect(memberLabel('')).toBe('Pro Member');
    expect(memberLabel('not a date')).toBe('Pro Member');
  });
});
