import type { Catch } from './catch.ts';

/**
 * A catch logged in a hurry (the Log tab's Quick catch, or any catch saved without a size) 'Needs details' until it
 * has a weight or a length, or the angler said it needs none (docs/decisions/046-quick-capture.md). `dismissed` is
 * that answer, kept on the phone.
 */
export function needsDetails(item: Pick<Catch, 'weight' | 'length'>, dismissed = false): boolean {
  return !dismissed && item.weight === null && item.length === null;
}
