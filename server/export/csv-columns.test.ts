import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Catch, CONDITIONS_NOT_WORKED_OUT } from '#core/catch.ts';
import { EVERY_CONDITION_SET } from '#core/test-catch.ts';
import { toStoredValue, UNIT_SYSTEMS } from '#core/units.ts';
import { parseCsv } from './csv.ts';
import { catchFieldsOfCsvRow, csvHeader, csvRow, isCatchCsvHeader } from './csv-columns.ts';

const pike: Catch = {
  id: 12,
  clientId: '9a7e0c1d-3b2a-4c5d-8e6f-7a8b9c0d1e2f',
  createdAt: '2026-11-20T17:05:00.000Z',
  catchDate: '2026-11-20',
  timeOfDay: '16:30',
  fishType: 'Pike',
  weight: toStoredValue('weight', 2.5, 'metric'),
  length: 36,
  locationName: 'Vänern',
  latitude: 58.9,
  longitude: 13.5,
  waterTemperature: 39.2,
  depth: 8,
  lineSize: '20 lb braid',
  baitUsed: '-spoon',
  notes: null,
  photo: 'photos/0b9e3b0a-1a2b-4c3d-8e9f-0a1b2c3d4e5f.webp',
  isTestCatch: false,
  caughtAt: '2026-11-20T15:30:00.000Z',
  conditions: CONDITIONS_NOT_WORKED_OUT,
  released: null,
  quantity: 1,
  spotId: null,
  tripId: null,
};

/** The cells the conditions columns hold for CONDITIONS_NOT_WORKED_OUT: the status, then 18 empty ones. */
const NOT_WORKED_OUT_CELLS = `2026-11-20T15:30:00.000Z,pending${','.repeat(26)}`;

/** The records of a CSV text. */
async function records(text: string): Promise<string[][]> {
  const result: string[][] = [];
  const chunks = (async function* () {
    yield text;
  })();
  for await (const record of parseCsv(chunks)) {
    result.push(record);
  }
  return result;
}

/** A row as the import reads it: its cells by their header. */
async function readBack(header: string, row: string): Promise<Record<string, unknown>> {
  const [names = [], cells = []] = await records(header + row);
  return catchFieldsOfCsvRow(Object.fromEntries(names.map((name, index) => [name, cells[index] ?? ''])));
}

describe('CSV columns', () => {
  it('start with a byte-order mark, then what an angler reads first, measurements with their units, ids last', () => {
    expect(csvHeader('imperial')).toBe(
      '\uFEFFCatch Date,Time of Day,Fish Type,Quantity,Weight (lbs),Length (inches),Released,Location Name,' +
        'Spot,Trip Started At (UTC),Latitude,Longitude,' +
        'Water Temperature (°F),Depth (ft),Line Size,Bait Used,Notes,Photo,Test Catch,' +
        'Caught At (UTC),Conditions,Air Temperature (°F),Weather,Weather Condition,Wind Speed (mph),' +
        'Wind From (°),Cloud Cover (%),Precipitation (inches),Humidity (%),Pressure (inHg),' +
        'Pressure Change 3 h (inHg),Pressure Tendency,Sun,Sunrise (UTC),Sunset (UTC),Moon Phase,' +
        'Moon Illumination (0-1),Moon Age (days),Solunar Period,Tide Station Id,Tide Station,Tide Station Distance (km),Tide Height (ft),Tide Stage,Minutes Since Tide Turned,Minutes To Next Tide Turn,Tide Range Fraction (0-1),Saved At,Client ID,ID\r\n',
    );
    expect(csvHeader('metric')).toContain(',Weight (kg),Length (cm),');
    expect(csvHeader('metric')).toContain(',Water Temperature (°C),Depth (m),');
    expect(csvHeader('metric')).toContain(
      ',Air Temperature (°C),Weather,Weather Condition,Wind Speed (km/h),',
    );
    expect(csvHeader('metric')).toContain(
      ',Precipitation (cm),Humidity (%),Pressure (hPa),Pressure Change 3 h (hPa),',
    );
  });

  it('writes measurements in the angler units, in the fewest digits that read back exactly', () => {
    expect(csvRow(pike, 'metric')).toBe(
      "2026-11-20,16:30,Pike,1,2.5,91.44,,Vänern,,,58.9,13.5,4,2.4384,20 lb braid,'-spoon,," +
        `photos/0b9e3b0a-1a2b-4c3d-8e9f-0a1b2c3d4e5f.webp,false,${NOT_WORKED_OUT_CELLS},2026-11-20T17:05:00.000Z,` +
        '9a7e0c1d-3b2a-4c5d-8e6f-7a8b9c0d1e2f,12\r\n',
    );
    expect(csvRow({ ...pike, weight: 1e-7 }, 'imperial')).toContain(',Pike,1,0.0000001,36,');
  });

  it.each(UNIT_SYSTEMS)(
    'reads back what it wrote in %s: every field, measurements as the stored numbers',
    async (units) => {
      // The spot and trip are not read back (below); the conditions are, as an object.
      const { conditions: _notCells, spotId: _spot, tripId: _trip, ...written } = pike;
      const asCells = Object.fromEntries(
        Object.entries(written).map(([field, value]) => [field, String(value ?? '')]),
      );
      const measurements = { weight: pike.weight, length: 36, waterTemperature: 39.2, depth: 8 };
      expect(await readBack(csvHeader(units), csvRow(pike, units))).toEqual({
        ...asCells,
        // In the API's units the text goes on to the catch schema as it is; metric is converted here.
        ...(units === 'metric' ? measurements : {}),
        conditions: CONDITIONS_NOT_WORKED_OUT,
      });
    },
  );

  it('writes the released mark and the quantity, and reads them back as the catch schema takes them', async () => {
    const header = csvHeader('metric');
    for (const [released, cell] of [
      [true, 'true'],
      [false, 'false'],
      [null, ''],
    ] as const) {
      const row = csvRow({ ...pike, released, quantity: 12 }, 'metric');
      expect(row).toContain(`,Pike,12,2.5,91.44,${cell},Vänern,`);
      expect(await readBack(header, row)).toMatchObject({ released: cell, quantity: '12' });
    }
  });

  it('names the spot and the trip (its start) for a person, escaped, and never reads them back as links', async () => {
    const names = {
      spotId: new Map([[7, '=Weed edge, north bay']]),
      tripId: new Map([[3, '2026-11-20T13:00:00.000Z']]),
    };
    const row = csvRow({ ...pike, spotId: 7, tripId: 3 }, 'imperial', names);
    expect(row).toContain(`,Vänern,"'=Weed edge, north bay",2026-11-20T13:00:00.000Z,58.9,`);
    // A link the names do not know (nothing to call it) and no link at all are both an empty cell.
    expect(csvRow({ ...pike, spotId: 8, tripId: null }, 'imperial', names)).toContain(',Vänern,,,58.9,');
    const fields = await readBack(csvHeader('imperial'), row);
    expect(fields).not.toHaveProperty('spotId');
    expect(fields).not.toHaveProperty('tripId');
    // Nor by the API's field names, which hold another account's ids.
    expect(catchFieldsOfCsvRow({ 'Fish Type': 'Bass', spotId: '7', TRIPID: '3' })).toEqual({
      fishType: 'Bass',
    });
  });

  it.each(UNIT_SYSTEMS)(
    'writes every part of the conditions in its own column and reads back exactly what it wrote, in %s',
    async (units) => {
      const caught = { ...pike, conditions: EVERY_CONDITION_SET };
      const row = csvRow(caught, units);
      expect(row).toContain(',complete,');
      if (units === 'imperial') expect(row).toContain(',Rain,7.4,225,88,0.02,91,30.05,-0.04,falling,dawn,');
      expect((await readBack(csvHeader(units), row)).conditions).toEqual(EVERY_CONDITION_SET);
    },
  );

  it('tells a catch without a position (no solunar at all) from one in no solunar period', async () => {
    const noPosition = { ...EVERY_CONDITION_SET, sun: null, solunar: null };
    const noPeriod = { ...EVERY_CONDITION_SET, solunar: { period: null } };
    for (const conditions of [noPosition, noPeriod]) {
      const row = csvRow({ ...pike, conditions }, 'imperial');
      expect((await readBack(csvHeader('imperial'), row)).conditions).toEqual(conditions);
    }
  });

  it('reads a CSV without conditions columns as a catch without conditions (worked out on save)', () => {
    expect(catchFieldsOfCsvRow({ 'Fish Type': 'Bass', Conditions: '', 'Air Temperature (°F)': '' })).toEqual({
      fishType: 'Bass',
    });
  });

  it('converts a measurement typed in either unit system back to exactly the stored value', () => {
    const typed = fc.record({
      quantity: fc.constantFrom('weight', 'length', 'waterTemperature', 'depth' as const),
      units: fc.constantFrom(...UNIT_SYSTEMS),
      value: fc.integer({ min: -40_000, max: 5_000_000 }).map((thousandths) => thousandths / 1000),
    });
    fc.assert(
      fc.property(typed, ({ quantity, units, value }) => {
        const stored = toStoredValue(quantity, value, units);
        const names = csvHeader('metric').slice(1).trimEnd().split(',');
        const cells = csvRow({ ...pike, [quantity]: stored }, 'metric')
          .trimEnd()
          .split(',');
        const fields = catchFieldsOfCsvRow(
          Object.fromEntries(names.map((name, i) => [name, cells[i] ?? ''])),
        );
        expect(fields[quantity]).toBe(stored === 0 ? 0 : stored);
      }),
      { seed: 20_261_127, numRuns: 5000 },
    );
  });

  it('reads the API field names of earlier exports (API units) in any case, and leaves unknown columns out', () => {
    expect(isCatchCsvHeader(['id', 'fishType', 'weight'])).toBe(true);
    expect(isCatchCsvHeader([' FISH TYPE '])).toBe(true);
    expect(isCatchCsvHeader(['name', 'size'])).toBe(false);
    expect(
      catchFieldsOfCsvRow({
        FishType: "'=Bass",
        weight: '2.5',
        'Depth (m)': '3',
        extra: 'x',
        'Weight (kg)x': '1',
      }),
    ).toEqual({ fishType: '=Bass', weight: '2.5', depth: 3 / 0.3048 });
  });

  it('passes a metric cell that is not a decimal on unchanged, for the catch schema to refuse', () => {
    expect(catchFieldsOfCsvRow({ 'Weight (kg)': '0x10', 'Length (cm)': '' })).toEqual({
      weight: '0x10',
      length: '',
    });
  });
});
