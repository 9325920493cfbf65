import { describe, expect, it } from 'vitest';
import { parseCoordinates } from './places.ts';

describe('typed coordinates', () => {
  it.each([
    ['39.10, -120.03', { latitude: 39.1, longitude: -120.03 }],
    ['39.10 -120.03', { latitude: 39.1, longitude: -120.03 }],
    [' 39.1,-120.03 ', { latitude: 39.1, longitude: -120.03 }],
    ['39.10N 120.03W', { latitude: 39.1, longitude: -120.03 }],
    ['38.8 S, 175.9 E', { latitude: -38.8, longitude: 175.9 }],
    ['45; 9', { latitude: 45, longitude: 9 }],
  ])('%s', (text, expected) => {
    expect(parseCoordinates(text)).toEqual(expected);
  });

  it.each(['Tahoe', '39.1', '91, 10', '10, 181', '39.1, -120.03, 5', '39.1E, 10N', 'N 39, W 120', ''])(
    'refuses %j',
    (text) => {
      expect(parseCoordinates(text)).toBeNull();
    },
  );
});
