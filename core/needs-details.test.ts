import { describe, expect, it } from 'vitest';
import { needsDetails } from './needs-details.ts';

describe('needsDetails', () => {
  it('is true for a catch with neither weight nor length', () => {
    expect(needsDetails({ weight: null, length: null })).toBe(true);
  });

  it('is false once either size is there', () => {
    expect(needsDetails({ weight: 2.5, length: null })).toBe(false);
    expect(needsDetails({ weight: null, length: 14 })).toBe(false);
    expect(needsDetails({ weight: 2.5, length: 14 })).toBe(false);
  });

  it('counts a size of zero as given', () => {
    expect(needsDetails({ weight: 0, length: null })).toBe(false);
  });

  it('is false once the angler dismissed it', () => {
    expect(needsDetails({ weight: null, length: null }, true)).toBe(false);
  });
});
