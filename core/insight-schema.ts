/**
 * The shapes of insights (docs/decisions/044-insights.md): what GET /api/insights answers, and the query that picks
 * the part of the log it is about. The `Insights` type core/insights.ts computes is inferred from `insightsSchema`
 * (a type-only import there: the phone computes insights without zod), so the server's answer, its OpenAPI
 * document and the phone's offline figures are one shape.
 */
import { z } from 'zod';
import { RECORD_ID_MAX } from './field-schemas.ts';
import { EFFORT_FACTORS, SHARE_FACTORS } from './insights.ts';
import { isCalendarDate } from './zoned-day.ts';

const verdictSchema = z.enum(['insufficient-data', 'no-clear-effect', 'clear-effect']);

/**
 * A figure that may be unbounded: `ratio` and `high` are Infinity when the rest of the time caught nothing. JSON has
 * no Infinity: the server's answer carries null there, as JSON.stringify writes it; the verdict still says whether
 * the bucket was compared.
 */
const figure = z.number().nullable();

const effortBucketSchema = z.object({
  bucket: z.string(),
  /** Fish caught in the bucket (quantities summed) and hours fished in it. */
  catches: z.number(),
  hours: z.number(),
  /** Catches per hour in the bucket and in the rest of the factor's known hours; null without hours. */
  rate: figure,
  restRate: figure,
  /** The rate ratio and its interval at 1 − FAMILY_ALPHA / comparisons; null when not compared. */
  ratio: figure,
  low: figure,
  high: figure,
  verdict: verdictSchema,
});

const effortFactorSchema = z.object({
  factor: z.enum(EFFORT_FACTORS),
  /** Catches and hours where the factor is known, inside trips. */
  catches: z.number(),
  hours: z.number(),
  buckets: z.array(effortBucketSchema),
});

const shareFactorSchema = z.object({
  factor: z.enum(SHARE_FACTORS),
  /** Every catch where the factor is known, in trips or not: shares, never rates. */
  catches: z.number(),
  buckets: z.array(z.object({ bucket: z.string(), catches: z.number(), share: z.number() })),
});

/** GET /api/insights: what works for the angler, measured against the time they fished (core/insights.ts). */
export const insightsSchema = z.object({
  /** Fish in the log (quantities summed), test catches left out. */
  catches: z.number(),
  /** Of them, caught during a trip: only these are measured against effort. */
  catchesInTrips: z.number(),
  hoursFished: z.number(),
  /** How many comparisons were made (the Bonferroni divisor). */
  comparisons: z.int(),
  effort: z.array(effortFactorSchema),
  shares: z.array(shareFactorSchema),
});

/** The longest species a filter may name: longer than any fish's name, short enough to refuse junk. */
const INSIGHT_SPECIES_MAX = 100;

const DAY_FORMAT = (label: string) => `${label} must be a day written YYYY-MM-DD, like 2026-07-04`;
const SPOT_ID_MESSAGE = 'spotId must be a positive whole number';
const INSIGHT_DAYS_REVERSED = 'from must not be after to';

/** A day of the filter, both ends included; empty is no bound. */
function day(label: 'from' | 'to') {
  return z
    .string({ error: DAY_FORMAT(label) })
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isCalendarDate(value), DAY_FORMAT(label));
}

/**
 * The query of GET /api/insights (core/insight-filter.ts `InsightFilter`): each part optional, each a clear 400
 * naming it. A species is matched by any of its names (core/species-aliases.ts).
 */
export const insightQuerySchema = z
  .object({
    species: z
      .string({ error: 'species must be a single text value' })
      .trim()
      .max(INSIGHT_SPECIES_MAX, `species must be at most ${INSIGHT_SPECIES_MAX} characters`)
      .optional()
      .transform((value) => value || undefined),
    from: day('from'),
    to: day('to'),
    spotId: z
      .string({ error: SPOT_ID_MESSAGE })
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || /^[1-9]\d{0,14}$/.test(value), SPOT_ID_MESSAGE)
      // Beyond the largest id no spot has it: 0, which no spot has either (a 404, as for another angler's).
      .transform((value) => {
        if (value === undefined) return undefined;
        const id = Number(value);
        return id <= RECORD_ID_MAX ? id : 0;
      }),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: INSIGHT_DAYS_REVERSED,
  });
