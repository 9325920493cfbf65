/**
 * Spots, the named places an angler fishes (docs/decisions/043-trips-and-spots.md), as the API and the web app see
 * them: types derived from core/spot-schema.ts by type-only imports (no zod in the web app's main bundle), and the
 * constants both sides share.
 */
import type { z } from 'zod';
import type { spotCreateSchema, spotSchema, spotUpdateSchema } from './spot-schema.ts';

/** How far from a spot's point a catch still belongs to it, unless the angler sets another radius. */
export const DEFAULT_SPOT_RADIUS_METERS = 150;
export const SPOT_RADIUS_MIN_METERS = 10;
export const SPOT_RADIUS_MAX_METERS = 5000;
export const SPOT_NAME_MAX = 100;
export const SPOT_NOTES_MAX = 2000;

/** A spot as every API answer carries it, with its catch count and heaviest fish. */
export type Spot = z.output<typeof spotSchema>;
/** The heaviest weighed fish caught at a spot. */
export type SpotBestCatch = NonNullable<Spot['bestCatch']>;
/** A new spot as POST /api/spots takes it (the server accepts looser input: `z.input`). */
export type SpotCreateInput = z.output<typeof spotCreateSchema>;
/** A change to a spot (PATCH): any subset of the written fields. */
export type SpotChanges = z.output<typeof spotUpdateSchema>;
