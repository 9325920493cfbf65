import { describe, expect, it } from 'vitest';
import { COMMON_SPORT_FISH } from './species.ts';
import { beyondRecords, SPECIES_WITH_RECORDS, speciesRecord } from './species-records.ts';
import { toStoredValue } from './units.ts';

describe('species records', () => {
  it('are kept for bundled species only, with plausible figures', () => {
    expect(SPECIES_WITH_RECORDS.length).toBeGreaterThan(80);
    for (const name of SPECIES_WITH_RECORDS) {
      expect(COMMON_SPORT_FISH, name).toContain(name);
      const { record } = speciesRecord(name) ?? { record: null };
      expect(record?.weight, name).toBeGreaterThan(1);
      if (record?.length !== undefined) expect(record.length, name).toBeGreaterThan(10);
    }
  });

  it('find a species however it is typed', () => {
    expect(speciesRecord('  bluegill ')?.name).toBe('Bluegill');
    expect(speciesRecord('mahi mahi')?.name).toBe('Mahi-Mahi');
    expect(speciesRecord('LARGEMOUTH  BASS')?.name).toBe('Largemouth Bass');
    expect(speciesRecord('Dragon')).toBeNull();
  });

  it('question a 10 lb bluegill and a 36 in perch', () => {
    expect(beyondRecords('Bluegill', 10, null)).toEqual([
      { field: 'weight', species: 'Bluegill', value: 10, record: 4.8 },
    ]);
    expect(beyondRecords('Perch', null, 36)).toEqual([
      { field: 'length', species: 'Perch', value: 36, record: 24 },
    ]);
    expect(beyondRecords('yellow perch', 5, 36).map((beyond) => beyond.field)).toEqual(['weight', 'length']);
  });

  it('leave fish within their records, and species without one, alone', () => {
    expect(beyondRecords('Bluegill', 1.2, 8.5)).toEqual([]);
    expect(beyondRecords('Bluegill', 4.8, 16.5)).toEqual([]);
    expect(beyondRecords('Bluegill', null, null)).toEqual([]);
    expect(beyondRecords('Lake Monster', 900, 400)).toEqual([]);
    // No length kept for the Wels: only its weight is questioned.
    expect(beyondRecords('Wels Catfish', 20, 300)).toEqual([]);
  });

  it('work in metric: a 4.5 kg bluegill and a 91 cm perch, once in the stored units', () => {
    const kilos = toStoredValue('weight', 4.5, 'metric');
    const centimetres = toStoredValue('length', 91, 'metric');
    expect(beyondRecords('Bluegill', kilos, null).map((beyond) => beyond.field)).toEqual(['weight']);
    expect(beyondRecords('Perch', null, centimetres).map((beyond) => beyond.field)).toEqual(['length']);
    expect(beyondRecords('Bluegill', toStoredValue('weight', 2, 'metric'), null)).toEqual([]);
  });
});
