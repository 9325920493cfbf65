import type { Catch } from './catch.ts';
import { catchSchema } from './catch-schema.ts';

/**
 * A catch for tests: nothing but what the test sets, every optional field null (the schema fills them in, so a new
 * optional written field needs nothing here). Defaults: id 1, 'Bass', saved at noon UTC on 15 January 2025 (the
 * same calendar day in every time zone), a real catch (not a test page's sample).
 */
export function testCatch(fields: Partial<Catch> = {}): Catch {
  const defaults = catchSchema.parse({
    id: 1,
    fishType: 'Bass',
    createdAt: '2025-01-15T12:00:00.000Z',
    clientId: null,
    isTestCatch: false,
  });
  return { ...defaults, ...fields };
}
