import type { FormCatchFields } from './catch-form-values.ts';

/** What a form shows under each field it refuses, by the API's field names. */
export type FieldErrors = Partial<Record<keyof FormCatchFields, string>>;

/** A catch the checks refused: nothing was queued; `fieldErrors` says what to fix, field by field. */
export class InvalidCatchError extends Error {
  readonly fieldErrors: FieldErrors;
  constructor(fieldErrors: FieldErrors) {
    super(Object.values(fieldErrors).join('. '));
    this.name = 'InvalidCatchError';
    this.fieldErrors = fieldErrors;
  }
}
