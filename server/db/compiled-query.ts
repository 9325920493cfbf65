import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/**
 * A query that Kysely builds and compiles once, then runs with new parameter values: for the few queries every
 * request makes (the session lookup, the list's version). Building a query through Kysely's immutable builder and
 * compiling it to SQL costs more than running it on node:sqlite (decision 022: Kysely was 11 % of a
 * GET /api/catches' CPU and 20 KB of its garbage, for two one-row queries).
 *
 * `build` is called once with `placeholders`, values that stand for the arguments; each must come out as exactly
 * one parameter of the compiled query (checked here), which is then swapped for the argument on every run.
 */
export function compiledOnce<Args extends unknown[], Row>(
  db: Kysely<unknown>,
  build: (...placeholders: Args) => Compilable<Row>,
  placeholders: Args,
): (...args: Args) => Promise<Row[]> {
  const compiled = build(...placeholders).compile();
  const positions = placeholders.map((placeholder) => {
    const found = compiled.parameters.flatMap((value, index) => (value === placeholder ? [index] : []));
    if (found.length !== 1) {
      throw new Error(
        `compiledOnce: placeholder ${String(placeholder)} is ${found.length} parameters of ${compiled.sql}`,
      );
    }
    return found[0] as number;
  });
  return async (...args: Args) => {
    const parameters = [...compiled.parameters];
    for (const [i, position] of positions.entries()) parameters[position] = args[i];
    const query: CompiledQuery<Row> = { ...compiled, parameters };
    return (await db.executeQuery(query)).rows;
  };
}
