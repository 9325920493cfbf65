import type { Dispatch, SetStateAction } from 'react';
import type { MapPosition } from '@/features/map/lazy-catch-map';
import { loadCatchContract } from '../catches/catch-contract.ts';
import type { FieldErrors } from '../catches/invalid-catch.ts';
import type { CatchForm } from './catch-form-state.ts';
import { positionOf } from './catch-place-fields.tsx';

/**
 * A typed coordinate checked with the catch contract when the angler leaves its field (catch-place-fields.tsx): its
 * message at the field, and the place named once both coordinates are good. Loaded then, with the contract, not
 * with the form (the Log tab is the shell's first screen, decision 023).
 */
export async function checkTypedCoordinate(
  form: CatchForm,
  name: 'latitude' | 'longitude',
  setErrors: Dispatch<SetStateAction<FieldErrors>>,
  nameThePlace: (position: MapPosition) => Promise<void>,
): Promise<void> {
  const { catchFieldsSchema } = await loadCatchContract();
  const value = form.getValues(name);
  const result = catchFieldsSchema.shape[name].safeParse(value);
  const message = result.success ? null : (result.error.issues[0]?.message ?? null);
  // Only if the value is still the one checked (the angler may have typed on meanwhile).
  if (!Object.is(form.getValues(name), value)) return;
  setErrors((current) => {
    if (message === null) {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    }
    return { ...current, [name]: message };
  });
  const position = positionOf(form.getValues('latitude'), form.getValues('longitude'));
  if (position) void nameThePlace(position);
}
