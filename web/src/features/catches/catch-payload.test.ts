import { describe, expect, it } from 'vitest';
import { testCatch } from '#core/test-catch.ts';
import {
  buildCatchChanges,
  buildCatchPayload,
  type CatchFormValues,
  catchFormValues,
  emptyCatchForm,
} from './catch-payload.ts';

/** The edit form's side of the catch payload (decision 021): a saved catch into the form, and back as a change. */

const saved = testCatch({
  id: 4,
  fishType: 'Walleye',
  weight: 5.511556554621939, // typed as 2.5 kg
  length: 18.25,
  locationName: 'Lake Fork',
  latitude: 32.8,
  longitude: -95.6,
  notes: null,
  waterTemperature: 68,
  catchDate: '2025-04-28',
  timeOfDay: '05:30',
  lineSize: '12 lb',
  baitUsed: null,
  depth: null,
  quantity: 3,
  released: true,
});

describe('catchFormValues', () => {
  it("shows every field, measurements in the angler's units at most two decimals, blanks for nothing", () => {
    expect(catchFormValues(saved, 'imperial')).toEqual({
      fishType: 'Walleye',
      weight: '5.51',
      length: '18.25',
      locationName: 'Lake Fork',
      latitude: 32.8,
      longitude: -95.6,
      notes: '',
      waterTemperature: '68',
      catchDate: '2025-04-28',
      timeOfDay: '05:30',
      lineSize: '12 lb',
      baitUsed: '',
      depth: '',
      quantity: '3',
      released: true,
    });
    expect(catchFormValues(saved, 'metric')).toMatchObject({
      weight: '2.5',
      length: '46.36',
      waterTemperature: '20',
    });
  });
});

describe('buildCatchChanges', () => {
  const edit = (units: 'imperial' | 'metric', change: Partial<CatchFormValues>) => {
    const initial = catchFormValues(saved, units);
    return buildCatchChanges({ ...initial, ...change }, initial, units);
  };

  it('sends only what changed, so a value shown rounded keeps its precision', () => {
    expect(edit('metric', {})).toEqual({});
    expect(edit('metric', { notes: 'Slow roll' })).toEqual({ notes: 'Slow roll' });
    expect(edit('imperial', { length: '19' })).toEqual({ length: 19 });
  });

  it("reads a changed measurement in the angler's units, as the log form does", () => {
    const changes = edit('metric', { weight: '3' });
    expect(changes.weight).toBeCloseTo(6.6139, 4);
  });

  it('clears a field emptied (null), keeps the default for a blank place, trims text', () => {
    expect(edit('imperial', { lineSize: '  ', weight: '', catchDate: '' })).toEqual({
      lineSize: null,
      weight: null,
      catchDate: null,
    });
    expect(edit('imperial', { locationName: '' })).toEqual({ locationName: 'Unknown Location' });
    expect(edit('imperial', { fishType: '  Sauger ' })).toEqual({ fishType: 'Sauger' });
  });

  it('sends Kept / Released when changed, taken back as null, and an emptied quantity as one fish', () => {
    expect(edit('imperial', { released: false })).toEqual({ released: false });
    expect(edit('imperial', { released: null })).toEqual({ released: null });
    expect(edit('imperial', { quantity: '12' })).toEqual({ quantity: 12 });
    expect(edit('imperial', { quantity: ' ' })).toEqual({ quantity: 1 });
  });

  it('sends a new GPS position', () => {
    expect(edit('imperial', { latitude: 45.1, longitude: -93.2 })).toEqual({
      latitude: 45.1,
      longitude: -93.2,
    });
  });
});

describe('emptyCatchForm', () => {
  it("sets the date and time inputs to the phone's clock, zero-padded as the inputs want them", () => {
    const form = emptyCatchForm(undefined, new Date(2026, 0, 5, 7, 3, 59));
    expect(form.catchDate).toBe('2026-01-05');
    expect(form.timeOfDay).toBe('07:03');
    expect(emptyCatchForm(undefined, new Date(2026, 11, 31, 23, 59)).catchDate).toBe('2026-12-31');
    expect(form.fishType).toBe('');
    expect(form.locationName).toBe('');
  });

  it('starts with one fish and Kept / Released not said', () => {
    expect(emptyCatchForm()).toMatchObject({ quantity: '1', released: null });
  });
});

describe('buildCatchPayload', () => {
  const context = {
    photo: null,
    clientId: crypto.randomUUID(),
    now: new Date(),
    units: 'imperial',
    timeZone: 'UTC',
  } as const;

  it('carries the quantity and Kept / Released as chosen, null when not said', () => {
    const form = { ...emptyCatchForm(), fishType: 'Perch' };
    expect(buildCatchPayload({ ...form, quantity: '12', released: true }, context)).toMatchObject({
      quantity: 12,
      released: true,
    });
    expect(buildCatchPayload(form, context)).toMatchObject({ quantity: 1, released: null });
    expect(buildCatchPayload({ ...form, quantity: '' }, context).quantity).toBe(1);
  });
});
