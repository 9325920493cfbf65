import { describe, expect, it } from 'vitest';
import { CONDITIONS_NOT_WORKED_OUT } from './catch.ts';
import {
  regionOf,
  SHARE_PLACE_CHOICES,
  type ShareCardLines,
  sharablePlaceName,
  shareCardLines,
  sharePlaceTexts,
} from './share-card.ts';
import { testCatch } from './test-catch.ts';
import { UNIT_SYSTEMS } from './units.ts';

const shown = { title: 'Rainbow Trout', date: 'May 1, 2026' };

/** A catch with a place, a position and every condition the card's line reads. */
const trout = testCatch({
  fishType: 'Rainbow Trout',
  weight: 4.5,
  length: 18,
  locationName: 'Woodruff, Wisconsin, US',
  latitude: 46.896512,
  longitude: -91.690321,
  catchDate: '2026-05-01',
  conditions: {
    ...CONDITIONS_NOT_WORKED_OUT,
    status: 'complete',
    sun: { phase: 'dusk', sunrise: null, sunset: null },
    weather: {
      airTemperature: 64.4,
      description: 'clear sky',
      condition: 'Clear',
      windSpeed: 5,
      windDirection: 270,
      cloudCover: 0,
      precipitation: 0,
      humidity: 50,
      pressure: 30.01,
      pressureChange3h: -0.05,
      pressureTendency: 'falling',
    },
  },
});

const allText = (lines: ShareCardLines) => Object.values(lines).filter(Boolean).join('\n');

/** Any way the position could be written: its decimals at any precision, or its whole degrees with a sign. */
function expectNoPosition(text: string) {
  for (const coordinate of [46.896512, -91.690321]) {
    for (const digits of [1, 2, 3, 4, 6]) expect(text).not.toContain(Math.abs(coordinate).toFixed(digits));
  }
  expect(text).not.toMatch(/\d[.,]\d{2,}/);
  expect(text).not.toMatch(/-?\b(46|91)\b/);
  expect(text).not.toContain('°N');
  expect(text).not.toContain('°W');
}

describe('the share card lines', () => {
  it('hides the place by default and shows no position with any choice, in both unit systems', () => {
    for (const units of UNIT_SYSTEMS) {
      for (const place of SHARE_PLACE_CHOICES) {
        const lines = shareCardLines(trout, { units, place, conditions: true, shown });
        expectNoPosition(allText(lines));
      }
      expect(shareCardLines(trout, { units, place: 'hidden', conditions: true, shown }).place).toBeNull();
    }
  });

  it('writes the size in the angler units', () => {
    const options = { place: 'hidden', conditions: false, shown } as const;
    expect(shareCardLines(trout, { ...options, units: 'imperial' }).measures).toBe('4.5 lbs · 18.0 in');
    expect(shareCardLines(trout, { ...options, units: 'metric' }).measures).toBe('2.0 kg · 45.7 cm');
    expect(shareCardLines(testCatch(), { ...options, units: 'metric' }).measures).toBeNull();
    expect(shareCardLines(testCatch({ length: 10 }), { ...options, units: 'imperial' }).measures).toBe(
      '10.0 in',
    );
  });

  it('has a conditions line only when asked, in the angler units', () => {
    const options = { place: 'hidden', shown } as const;
    expect(shareCardLines(trout, { ...options, units: 'imperial', conditions: true }).conditions).toBe(
      'Dusk · Falling pressure · 64°F',
    );
    expect(shareCardLines(trout, { ...options, units: 'metric', conditions: true }).conditions).toBe(
      'Dusk · Falling pressure · 18°C',
    );
    expect(shareCardLines(trout, { ...options, units: 'metric', conditions: false }).conditions).toBeNull();
    // Conditions not worked out: no line rather than an empty one.
    expect(
      shareCardLines(testCatch(), { ...options, units: 'metric', conditions: true }).conditions,
    ).toBeNull();
  });

  it('carries the words History shows and the mark', () => {
    const lines = shareCardLines(trout, { units: 'imperial', place: 'hidden', conditions: false, shown });
    expect(lines).toMatchObject({ title: 'Rainbow Trout', date: 'May 1, 2026', mark: 'Tightlines' });
  });

  it('shows the region or the place name when chosen', () => {
    const options = { units: 'metric', conditions: false, shown } as const;
    expect(shareCardLines(trout, { ...options, place: 'region' }).place).toBe('Wisconsin, United States');
    expect(shareCardLines(trout, { ...options, place: 'place' }).place).toBe('Woodruff, Wisconsin, US');
  });
});

describe('the region of a place name', () => {
  it('is what follows the place in the server names', () => {
    expect(regionOf('Near Lac du Flambeau, Wisconsin, US')).toBe('Wisconsin, United States');
    expect(regionOf('Tokyo, JP')).toBe('Japan');
    expect(regionOf('Penzance, England, GB')).toBe('England, United Kingdom');
  });

  it('is the coarser parts of a typed name, and none for a name of one part', () => {
    expect(regionOf('Secret Bay, Lake Simcoe, Ontario')).toBe('Lake Simcoe, Ontario');
    expect(regionOf('Dock 3, Ontario')).toBe('Ontario');
    expect(regionOf('Grandpa’s pond')).toBeNull();
    expect(regionOf(null)).toBeNull();
  });

  it('is never a position, nor the form’s stand-in', () => {
    for (const name of [
      '1.00°S, 33.00°E',
      '39.0968, -120.0324',
      '39.10N 120.03W',
      'Unknown Location',
      '  ',
    ]) {
      expect(regionOf(name)).toBeNull();
      expect(sharablePlaceName(name)).toBeNull();
    }
  });

  it('tells which choices have something to show', () => {
    expect(sharePlaceTexts(testCatch({ locationName: 'Unknown Location' }))).toEqual({
      hidden: null,
      region: null,
      place: null,
    });
    expect(sharePlaceTexts(testCatch({ locationName: 'Lake Tahoe' }))).toEqual({
      hidden: null,
      region: null,
      place: 'Lake Tahoe',
    });
  });
});
