import type { Catch } from '#core/catch.ts';
import type {
  CatchConditions,
  CatchMoon,
  CatchSolunar,
  CatchSun,
  CatchWeather,
} from '#core/catch-conditions.ts';
import { formatDecimal, parseDecimal } from '#core/decimal.ts';
import type { CatchTide } from '#core/tides.ts';
import {
  type Quantity,
  toDisplayValue,
  toStoredValue,
  UNIT_SYSTEMS,
  type UnitSystem,
  unitLabel,
} from '#core/units.ts';
import { csvRecord, escapeFormula, unescapeFormula } from './csv.ts';

/**
 * The one definition of the CSV columns, written for a person with a spreadsheet and read back by the import. The
 * export's header names each column as the log form labels it, a measurement with its unit in the angler's unit
 * setting ('Weight (kg)'), what an angler reads first first and the ids last. The import reads that header in
 * either unit system, and the API's field names every earlier export used (values in the API's units), in any case.
 */
/** Where a conditions column's value is inside `conditions` (core/catch-schema.ts catchConditionsSchema). */
type ConditionsPath =
  | 'status'
  | `weather.${keyof CatchWeather}`
  | `sun.${keyof CatchSun}`
  | `moon.${keyof CatchMoon}`
  | `solunar.${keyof CatchSolunar}`
  | `tide.${keyof CatchTide}`;

interface CsvColumn {
  /** The catch field the column holds, or a value inside its conditions, flattened to one column each. */
  field: Exclude<keyof Catch, 'conditions'> | `conditions.${ConditionsPath}`;
  /** The header as the log form labels the field; a measurement's unit follows it in brackets. */
  title: string;
  /** A measurement: written in the angler's units, read back in the units its header names. */
  quantity?: Quantity;
  /** Free text a spreadsheet could take for a formula (csv.ts escapeFormula). */
  text?: boolean;
  /** A number of the conditions, read back as a number (the written fields' numbers are the catch schema's to read). */
  number?: boolean;
  /**
   * A link to another record, written as what names that record for a person (the spot's name, the trip's start) and
   * never read back: an id is the exporting account's own. A re-imported catch is linked again by its place and time.
   */
  linked?: keyof LinkedNames;
}

/** What the records a catch links to are called in the CSV, by their ids: a spot by its name, a trip by its start. */
export interface LinkedNames {
  spotId: ReadonlyMap<number, string>;
  tripId: ReadonlyMap<number, string>;
}

const NO_LINKED_NAMES: LinkedNames = { spotId: new Map(), tripId: new Map() };

const CSV_COLUMNS = [
  { field: 'catchDate', title: 'Catch Date' },
  { field: 'timeOfDay', title: 'Time of Day' },
  { field: 'fishType', title: 'Fish Type', text: true },
  // The effort and place of docs/decisions/043-trips-and-spots.md beside what they qualify.
  { field: 'quantity', title: 'Quantity' },
  { field: 'weight', title: 'Weight', quantity: 'weight' },
  { field: 'length', title: 'Length', quantity: 'length' },
  { field: 'released', title: 'Released' },
  { field: 'locationName', title: 'Location Name', text: true },
  { field: 'spotId', title: 'Spot', text: true, linked: 'spotId' },
  { field: 'tripId', title: 'Trip Started At (UTC)', linked: 'tripId' },
  { field: 'latitude', title: 'Latitude' },
  { field: 'longitude', title: 'Longitude' },
  { field: 'waterTemperature', title: 'Water Temperature', quantity: 'waterTemperature' },
  { field: 'depth', title: 'Depth', quantity: 'depth' },
  { field: 'lineSize', title: 'Line Size', text: true },
  { field: 'baitUsed', title: 'Bait Used', text: true },
  { field: 'notes', title: 'Notes', text: true },
  { field: 'photo', title: 'Photo', text: true },
  { field: 'isTestCatch', title: 'Test Catch' },
  // The conditions (docs/decisions/041-catch-conditions.md), each unit in its header as for the written fields.
  { field: 'caughtAt', title: 'Caught At (UTC)' },
  { field: 'conditions.status', title: 'Conditions' },
  { field: 'conditions.weather.airTemperature', title: 'Air Temperature', quantity: 'temperature' },
  { field: 'conditions.weather.description', title: 'Weather', text: true },
  { field: 'conditions.weather.condition', title: 'Weather Condition' },
  { field: 'conditions.weather.windSpeed', title: 'Wind Speed', quantity: 'speed' },
  { field: 'conditions.weather.windDirection', title: 'Wind From (°)', number: true },
  { field: 'conditions.weather.cloudCover', title: 'Cloud Cover (%)', number: true },
  { field: 'conditions.weather.precipitation', title: 'Precipitation', quantity: 'length' },
  { field: 'conditions.weather.humidity', title: 'Humidity (%)', number: true },
  { field: 'conditions.weather.pressure', title: 'Pressure', quantity: 'pressure' },
  { field: 'conditions.weather.pressureChange3h', title: 'Pressure Change 3 h', quantity: 'pressureChange' },
  { field: 'conditions.weather.pressureTendency', title: 'Pressure Tendency' },
  { field: 'conditions.sun.phase', title: 'Sun' },
  { field: 'conditions.sun.sunrise', title: 'Sunrise (UTC)' },
  { field: 'conditions.sun.sunset', title: 'Sunset (UTC)' },
  { field: 'conditions.moon.phase', title: 'Moon Phase' },
  { field: 'conditions.moon.illumination', title: 'Moon Illumination (0-1)', number: true },
  { field: 'conditions.moon.age', title: 'Moon Age (days)', number: true },
  { field: 'conditions.solunar.period', title: 'Solunar Period' },
  { field: 'conditions.tide.stationId', title: 'Tide Station Id' },
  { field: 'conditions.tide.stationName', title: 'Tide Station', text: true },
  { field: 'conditions.tide.distanceKm', title: 'Tide Station Distance (km)', number: true },
  { field: 'conditions.tide.height', title: 'Tide Height', quantity: 'tideHeight' },
  { field: 'conditions.tide.stage', title: 'Tide Stage' },
  { field: 'conditions.tide.minutesSinceLastTurn', title: 'Minutes Since Tide Turned', number: true },
  { field: 'conditions.tide.minutesToNextTurn', title: 'Minutes To Next Tide Turn', number: true },
  { field: 'conditions.tide.rangeFraction', title: 'Tide Range Fraction (0-1)', number: true },
  { field: 'createdAt', title: 'Saved At' },
  { field: 'clientId', title: 'Client ID' },
  { field: 'id', title: 'ID' },
] as const satisfies readonly CsvColumn[];

// A field added to the catch contract (core/catch-schema.ts), or to its conditions, and missing above is a type error
// here, never a column the export silently drops (and the import then cannot bring back).
type ColumnField = (typeof CSV_COLUMNS)[number]['field'];
type MissingColumn =
  | Exclude<Exclude<keyof Catch, 'conditions'>, ColumnField>
  | Exclude<`conditions.${ConditionsPath}`, ColumnField>;
type _EveryFieldExported = NeverMissing<MissingColumn>;
type NeverMissing<T extends never> = T;

/**
 * A solunar period of a catch with a position that falls in none: 'none', told apart from the empty cell of a
 * catch without a position (no solunar at all), so that a re-import gives back exactly what was exported.
 */
const NO_SOLUNAR_PERIOD = 'none';

/** The value a column holds for a catch; null for an empty cell. */
function cellValue(item: Catch, column: CsvColumn, names: LinkedNames): string | number | boolean | null {
  const { field } = column;
  if (column.linked) {
    const id = item[column.linked];
    return id === null ? null : (names[column.linked].get(id) ?? null);
  }
  if (!field.startsWith('conditions.')) return item[field as Exclude<keyof Catch, 'conditions'>];
  const [, group, key] = field.split('.') as [string, keyof CatchConditions, string | undefined];
  const part = item.conditions[group];
  if (key === undefined) return part as string;
  if (part === null || typeof part !== 'object') return null;
  const value = (part as Record<string, string | number | null>)[key] ?? null;
  return field === 'conditions.solunar.period' && value === null ? NO_SOLUNAR_PERIOD : value;
}

function headerOf(column: CsvColumn, units: UnitSystem): string {
  return column.quantity ? `${column.title} (${unitLabel(column.quantity, units)})` : column.title;
}

/**
 * The header record, after a UTF-8 byte-order mark: without it Excel reads the file as the PC's legacy code page
 * and 'Vänern' comes out as 'VÃ¤nern'. (The import drops the mark.)
 */
export function csvHeader(units: UnitSystem): string {
  return `\uFEFF${csvRecord(CSV_COLUMNS.map((column) => headerOf(column, units)))}`;
}

/**
 * A stored measurement as the fewest metric digits that convert back to exactly it ('2.5' for 2.5 kg typed in
 * metric), or null when no metric decimal does (about one in ten values typed in imperial, e.g. 3.4 lbs).
 */
function exactMetricText(quantity: Quantity, stored: number): string | null {
  const shown = toDisplayValue(quantity, stored, 'metric');
  for (let digits = 1; digits <= 17; digits++) {
    const candidate = Number(shown.toPrecision(digits));
    if (toStoredValue(quantity, candidate, 'metric') === stored) return formatDecimal(candidate);
  }
  return null;
}

/**
 * A measurement in the angler's units. Nothing may change in an export and a re-import (a changed value also
 * changes a row's content id, and the re-import would double the catch): a metric value is written in the fewest
 * digits that convert back exactly; a value no metric decimal converts back to is written as its plain conversion
 * with one trailing zero ('1.54221405800000010'), which no exact text has, so that storedMeasurement can tell the two
 * apart (the same number can be one value's exact text and another's plain conversion).
 */
function measurementText(quantity: Quantity, stored: number, units: UnitSystem): string {
  if (units === 'imperial') return formatDecimal(stored);
  const exact = exactMetricText(quantity, stored);
  if (exact !== null) return exact;
  const plain = formatDecimal(toDisplayValue(quantity, stored, 'metric'));
  return plain.includes('.') ? `${plain}0` : `${plain}.0`;
}

/**
 * The stored value a metric cell means: the value it converts to; for a cell ending in a decimal zero (how the export
 * writes a value without an exact metric decimal), the shortest such value whose plain conversion it is.
 */
function storedMeasurement(quantity: Quantity, cell: string, entered: number): number {
  const converted = toStoredValue(quantity, entered, 'metric');
  if (!/\.\d*0$/.test(cell.trim())) return converted;
  for (let digits = 1; digits <= 17; digits++) {
    const candidate = Number(converted.toPrecision(digits));
    const writtenAsThis =
      toDisplayValue(quantity, candidate, 'metric') === entered &&
      exactMetricText(quantity, candidate) === null;
    if (writtenAsThis) return candidate;
  }
  return converted;
}

/**
 * One catch as a CSV record: empty cells for null, measurements in the angler's units, other numbers as JSON
 * writes them (without exponents), true/false as words, text escaped against formulas, its spot and trip by the
 * names `names` gives them.
 */
export function csvRow(item: Catch, units: UnitSystem, names: LinkedNames = NO_LINKED_NAMES): string {
  return csvRecord(
    CSV_COLUMNS.map((column: CsvColumn) => {
      const value = cellValue(item, column, names);
      if (value === null) return '';
      if (typeof value === 'boolean') return String(value);
      if (typeof value === 'number') {
        return column.quantity ? measurementText(column.quantity, value, units) : formatDecimal(value);
      }
      return column.text ? escapeFormula(value) : value;
    }),
  );
}

/** A header cell the import knows: the column, and the units its values are in. */
interface ReadColumn {
  column: CsvColumn;
  units: UnitSystem;
}

/**
 * Every header the import knows, lower case: the API field names (API units) and each title in each unit system. The
 * spot and trip columns are not among them: they only inform (a spot's name in a CSV links nothing).
 */
const READ_COLUMNS: ReadonlyMap<string, ReadColumn> = new Map(
  CSV_COLUMNS.flatMap((column: CsvColumn): [string, ReadColumn][] =>
    column.linked
      ? []
      : [
          [column.field.toLowerCase(), { column, units: 'imperial' }],
          ...UNIT_SYSTEMS.map((units): [string, ReadColumn] => [
            headerOf(column, units).toLowerCase(),
            { column, units },
          ]),
        ],
  ),
);

const readColumnOf = (header: string) => READ_COLUMNS.get(header.trim().toLowerCase());

/** Whether a CSV's first row is a header the import can read: it names the fish type column. */
export function isCatchCsvHeader(header: readonly string[]): boolean {
  return header.some((name) => readColumnOf(name)?.column.field === 'fishType');
}

/** The groups of the conditions, as catchConditionsSchema has them: each null when all its cells are empty. */
const CONDITIONS_GROUPS = ['weather', 'sun', 'moon', 'solunar', 'tide'] as const;

/**
 * The conditions of a CSV row from its conditions cells (by path, values already read), or undefined when the row
 * has none (a CSV from before them, or a hand-made one): then the catch's are worked out on save. What comes out is
 * only a candidate: the import checks it against catchConditionsSchema.
 */
function conditionsOfCells(cells: ReadonlyMap<string, unknown>): unknown {
  const isEmpty = (value: unknown) => value === undefined || value === '';
  if ([...cells.values()].every(isEmpty)) return undefined;
  const conditions: Record<string, unknown> = { status: cells.get('status') };
  for (const group of CONDITIONS_GROUPS) {
    const keys = CSV_COLUMNS.map((column) => column.field as string)
      .filter((field) => field.startsWith(`conditions.${group}.`))
      .map((field) => field.slice(`conditions.${group}.`.length));
    const values = keys.map((key) => cells.get(`${group}.${key}`));
    conditions[group] = values.every(isEmpty)
      ? null
      : Object.fromEntries(keys.map((key, index) => [key, isEmpty(values[index]) ? null : values[index]]));
  }
  const solunar = conditions.solunar as Record<string, unknown> | null;
  if (solunar?.period === NO_SOLUNAR_PERIOD) solunar.period = null;
  return conditions;
}

/**
 * A CSV row (cells by their header) as the fields of a catch, in the API's names and units: a metric measurement
 * converted, the export's apostrophe taken off text, unknown columns left out, the conditions' columns put back
 * together as `conditions`. A cell that is not a decimal number is passed on as it is, for the catch schema (or the
 * conditions schema) to refuse with its own message.
 */
export function catchFieldsOfCsvRow(cells: Readonly<Record<string, string>>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const conditionsCells = new Map<string, unknown>();
  for (const [header, cell] of Object.entries(cells)) {
    const read = readColumnOf(header);
    if (!read) continue;
    const { column, units } = read;
    let value: unknown = cell;
    if (column.text) value = unescapeFormula(cell);
    else if (column.quantity && units === 'metric' && cell.trim() !== '') {
      const entered = parseDecimal(cell);
      if (entered !== null) value = storedMeasurement(column.quantity, cell, entered);
    }
    if (!column.field.startsWith('conditions.')) {
      fields[column.field] = value;
      continue;
    }
    // The conditions schema takes numbers only: a cell of a number column (imperial, or not a measurement) is read.
    if ((column.quantity || column.number) && typeof value === 'string' && value.trim() !== '')
      value = parseDecimal(value) ?? value;
    conditionsCells.set(column.field.slice('conditions.'.length), value);
  }
  const conditions = conditionsOfCells(conditionsCells);
  if (conditions !== undefined) fields.conditions = conditions;
  return fields;
}
