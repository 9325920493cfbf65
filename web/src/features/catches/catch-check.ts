import type { CatchFields } from '#core/catch.ts';
import { formatBound, type Quantity, type UnitSystem } from '#core/units.ts';
import { loadCatchContract } from './catch-contract.ts';
import { type FieldErrors, InvalidCatchError } from './invalid-catch.ts';

// The refusal lives in invalid-catch.ts (the Log form tells it apart without loading these checks).
export { type FieldErrors, InvalidCatchError };

/** The fields typed in the angler's units: their bounds are named in those units. */
const MEASUREMENTS: Partial<Record<keyof CatchFields, Quantity>> = {
  weight: 'weight',
  length: 'length',
  waterTemperature: 'waterTemperature',
  depth: 'depth',
};

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  minimum?: unknown;
  maximum?: unknown;
}

/** The contract's message, with a measurement's bound restated in the angler's units ('at most 2268 kg'). */
function messageFor(issue: Issue, units: UnitSystem): string {
  const quantity = MEASUREMENTS[issue.path[0] as keyof CatchFields];
  const bound = issue.code === 'too_big' ? issue.maximum : issue.code === 'too_small' ? issue.minimum : null;
  if (!quantity || typeof bound !== 'number') return issue.message;
  const label = issue.message.split(' must be ')[0] ?? issue.message;
  const side = issue.code === 'too_big' ? 'at most' : 'at least';
  return `${label} must be ${side} ${formatBound(quantity, bound, units)}`;
}

/**
 * "Check before you promise" (docs/decisions/021-editing-a-catch.md): the Log and edit forms check what they would put into the outbox with
 * the one catch contract (core/catch-schema.ts, the very schema the server parses with), so 'Catch Logged!' only
 * shows for a catch the server will take. Empty when it passes.
 */
async function checkCatch(kind: 'create' | 'update', input: object, units: UnitSystem): Promise<FieldErrors> {
  const { catchCreateSchema, catchUpdateSchema } = await loadCatchContract();
  const result = (kind === 'create' ? catchCreateSchema : catchUpdateSchema).safeParse(input);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof FieldErrors;
    errors[field] ??= messageFor(issue as Issue, units);
  }
  return errors;
}

/** Throws InvalidCatchError unless the contract accepts `input` (see checkCatch). */
export async function assertValidCatch(
  kind: 'create' | 'update',
  input: object,
  units: UnitSystem,
): Promise<void> {
  const errors = await checkCatch(kind, input, units);
  if (Object.keys(errors).length > 0) throw new InvalidCatchError(errors);
}
