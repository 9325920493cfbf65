/**
 * The shape of GET /api/stats (docs/decisions/049-stats-and-insights-speed.md): the Stats view's figures of the whole
 * log, which core/catch-stats.ts `statsSummary` makes of `computeCatchStats`, on the server and on the phone alike.
 * The `StatsSummary` type is inferred from it (a type-only import there: the phone computes stats without zod), so
 * the server's answer, its OpenAPI document and the view's own figures are one shape. Weights in lbs and lengths in
 * inches, as stored: the view converts them to the angler's units.
 */
import { z } from 'zod';

const namedCountSchema = z.object({ name: z.string(), count: z.number() });

/** GET /api/stats: the Stats view's figures of the signed-in angler's whole log. */
export const statsSummarySchema = z.object({
  /** Fish caught (quantities summed), test catches left out. */
  totalCatches: z.number(),
  /** Samples saved from a test page (entries), counted nowhere else. */
  testCatches: z.number(),
  speciesCount: z.number(),
  /** The known weights summed (lbs). */
  totalWeight: z.number(),
  /** The heaviest fish (lbs) and its species as the table names it; null when none was weighed. */
  heaviest: z.object({ weight: z.number(), species: z.string() }).nullable(),
  /** Each species, most caught first, with its heaviest (lbs) and longest (inches) fish, null when none. */
  species: z.array(
    z.object({
      name: z.string(),
      count: z.number(),
      heaviest: z.number().nullable(),
      longest: z.number().nullable(),
    }),
  ),
  /** The chart's calendar months, oldest first, months without a catch included. */
  months: z.array(z.object({ year: z.number(), month: z.number(), count: z.number() })),
  topBaits: z.array(namedCountSchema),
  topPlaces: z.array(namedCountSchema),
  /** Of the fish noted as kept or released, how many went back. */
  released: z.object({ released: z.number(), noted: z.number() }),
});

export type StatsSummary = z.output<typeof statsSummarySchema>;
