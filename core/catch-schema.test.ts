import { describe, expect, it } from 'vitest';
import { CONDITIONS_NOT_WORKED_OUT } from './catch.ts';
import { catchCreateSchema, catchSchema, catchUpdateSchema } from './catch-schema.ts';

describe('catch payload (docs/product.md#catch)', () => {
  it('normalises a minimal payload: absent fields become null', () => {
    expect(catchCreateSchema.parse({ fishType: 'Bass' })).toEqual({
      fishType: 'Bass',
      weight: null,
      length: null,
      locationName: null,
      latitude: null,
      longitude: null,
      notes: null,
      waterTemperature: null,
      depth: null,
      catchDate: null,
      timeOfDay: null,
      lineSize: null,
      baitUsed: null,
      photo: null,
      released: null,
      quantity: 1,
      clientId: undefined,
      createdAt: undefined,
      userId: undefined,
      isTestCatch: false,
    });
  });

  it.each([
    [{ fishType: ' ' }, 'Fish type required'],
    [{ fishType: 'Bass', weight: Number.NaN }, 'Weight must be a number'],
    [{ fishType: 'Bass', weight: Number.POSITIVE_INFINITY }, 'Weight must be a number'],
    [{ fishType: 'Bass', depth: -0.1 }, 'Depth must be at least 0'],
    [{ fishType: 'Bass', catchDate: '2026-13-01' }, 'Catch date must be a date (yyyy-MM-dd)'],
    [{ fishType: 'Bass', catchDate: '2026-1-01' }, 'Catch date must be a date (yyyy-MM-dd)'],
    [{ fishType: 'Bass', timeOfDay: '7:30' }, 'Time of day must be a time (HH:mm)'],
    // Only decimal numbers: what Number() reads besides them is no measurement anyone typed.
    [{ fishType: 'Bass', weight: '0x10' }, 'Weight must be a number'],
    [{ fishType: 'Bass', length: '1e3' }, 'Length must be a number'],
    [{ fishType: 'Bass', depth: 'Infinity' }, 'Depth must be a number'],
    [{ fishType: 'Bass', waterTemperature: '   ' }, 'Water temperature must be a number'],
    [{ fishType: 'Bass', latitude: '0b1' }, 'Latitude must be a number'],
    // Plausible catch dates only.
    [{ fishType: 'Bass', catchDate: '0000-01-01' }, 'Catch date must be between 1900-01-01 and 2099-12-31'],
    [{ fishType: 'Bass', catchDate: '9999-12-31' }, 'Catch date must be between 1900-01-01 and 2099-12-31'],
    [{ fishType: 'Bass', catchDate: '1899-12-31' }, 'Catch date must be between 1900-01-01 and 2099-12-31'],
    [{ fishType: 'Bass', createdAt: 'x'.repeat(65) }, 'createdAt must be at most 64 characters'],
    [{ fishType: 'Bass', lineSize: 42 }, 'Line size must be text'],
    [{ fishType: 'Bass', photo: '/api/photos/../../etc/passwd.webp' }, 'Photo must be an uploaded photo URL'],
  ])('%j → %s', (payload, message) => {
    const result = catchCreateSchema.safeParse(payload);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('accepts the boundaries', () => {
    const result = catchCreateSchema.safeParse({
      fishType: 'x'.repeat(100),
      weight: 5000,
      length: 0,
      latitude: -90,
      longitude: 180,
      catchDate: '2024-02-29',
      timeOfDay: '23:59',
      photo: '/api/photos/0b9e3b0a-1a2b-4c3d-8e9f-0a1b2c3d4e5f.webp',
    });
    expect(result.success).toBe(true);
    expect(catchCreateSchema.safeParse({ fishType: 'x', catchDate: '1900-01-01' }).success).toBe(true);
    expect(catchCreateSchema.safeParse({ fishType: 'x', catchDate: '2099-12-31' }).success).toBe(true);
    expect(catchCreateSchema.safeParse({ fishType: 'x', createdAt: 'x'.repeat(64) }).success).toBe(true);
  });

  it('reads decimal strings, negatives where the range allows them, and an empty string as not set', () => {
    expect(
      catchCreateSchema.parse({
        fishType: 'Bass',
        weight: '12.5',
        length: ' 12 ',
        waterTemperature: '-3.2',
        latitude: '-33.5',
        depth: '',
      }),
    ).toMatchObject({ weight: 12.5, length: 12, waterTemperature: -3.2, latitude: -33.5, depth: null });
  });
});

describe('catch update (PATCH, decision 021)', () => {
  it('keeps only the fields sent: a missing field stays as it is', () => {
    expect(catchUpdateSchema.parse({})).toEqual({});
    expect(catchUpdateSchema.parse({ weight: '2.5', userId: 7, id: 3 })).toEqual({ weight: 2.5 });
  });

  it('clears an optional field with null or an empty string', () => {
    expect(catchUpdateSchema.parse({ notes: null, depth: '', catchDate: '' })).toEqual({
      notes: null,
      depth: null,
      catchDate: null,
    });
  });

  it('refuses a blank or null fish type, with the create texts', () => {
    for (const fishType of ['   ', null, '']) {
      const result = catchUpdateSchema.safeParse({ fishType });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Fish type required');
    }
    expect(catchUpdateSchema.parse({ fishType: ' Pike ' })).toEqual({ fishType: 'Pike' });
  });

  it('checks present fields with the create rules', () => {
    const result = catchUpdateSchema.safeParse({ weight: 5001, timeOfDay: '24:00' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Weight must be at most 5000',
      'Time of day must be a time (HH:mm)',
    ]);
  });
});

describe('catch (response)', () => {
  it('fills every field a stored catch has no value for with null', () => {
    expect(
      catchSchema.parse({
        id: 4,
        fishType: 'Bass',
        createdAt: '2025-01-15T12:00:00.000Z',
        clientId: null,
        isTestCatch: false,
        caughtAt: '2025-01-15T12:00:00.000Z',
        conditions: CONDITIONS_NOT_WORKED_OUT,
      }),
    ).toMatchObject({ id: 4, weight: null, notes: null, photo: null, catchDate: null });
  });
});

describe('the effort and link fields of a catch', () => {
  it('reads released and quantity loosely, and keeps a left-out link undefined (worked out) but null as none', () => {
    const parsed = catchCreateSchema.parse({
      fishType: 'Perch',
      released: 'TRUE',
      quantity: '12',
      tripId: null,
    });
    expect(parsed).toMatchObject({ released: true, quantity: 12, tripId: null });
    expect(parsed.spotId).toBeUndefined();
    expect(catchCreateSchema.parse({ fishType: 'Perch', released: '' })).toMatchObject({
      released: null,
      quantity: 1,
    });
  });

  it('names a bad quantity, released or link', () => {
    const result = catchCreateSchema.safeParse({
      fishType: 'Perch',
      quantity: 0,
      released: 'yes',
      spotId: -1,
    });
    expect(
      Object.fromEntries(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []),
    ).toEqual({
      quantity: 'Quantity must be a whole number from 1 to 10000',
      released: 'Released must be true or false',
      spotId: 'spotId must be a positive whole number or null',
    });
  });
});
