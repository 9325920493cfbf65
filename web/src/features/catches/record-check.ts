import { beyondRecords } from '#core/species-records.ts';
import { formatBound, toStoredValue, type UnitSystem } from '#core/units.ts';
import type { CatchFormValues } from './catch-form-values.ts';

/**
 * "Are you sure?" before a catch beyond its species' record is saved (core/species-records.ts): loaded with the
 * record table at a save, not with the form. Works on the form's text in the angler's units.
 */

/** One measurement to confirm, and the field it is in. */
export interface RecordQuestion {
  field: 'weight' | 'length';
  message: string;
}

/** A typed number in the API's units (lbs, inches), or null when empty or not a number (the contract judges those). */
function typed(text: string, quantity: 'weight' | 'length', units: UnitSystem): number | null {
  const trimmed = text.trim();
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  return Number.isFinite(value) ? toStoredValue(quantity, value, units) : null;
}

/** What to ask about these values: e.g. '10 lbs is more than the heaviest Bluegill on record (4.8 lbs).' */
export function recordQuestions(
  values: Pick<CatchFormValues, 'fishType' | 'weight' | 'length'>,
  units: UnitSystem,
): RecordQuestion[] {
  const weight = typed(values.weight, 'weight', units);
  const length = typed(values.length, 'length', units);
  const questions: RecordQuestion[] = [];
  for (const { field, species, value, record } of beyondRecords(values.fishType, weight, length)) {
    const [shown, shownRecord] = [formatBound(field, value, units), formatBound(field, record, units)];
    // Beyond the record only in digits the angler cannot see (2.2 kg against 4.8 lbs): nothing to ask.
    if (shown === shownRecord) continue;
    questions.push({
      field,
      message:
        field === 'weight'
          ? `${shown} is more than the heaviest ${species} on record (${shownRecord}).`
          : `${shown} is longer than the longest ${species} on record (${shownRecord}).`,
    });
  }
  return questions;
}
