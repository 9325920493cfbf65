import { z } from 'zod';
import { clientIdField, optionalText, requiredName, requiredNumber, wholeNumber } from './field-schemas.ts';
import {
  DEFAULT_SPOT_RADIUS_METERS,
  SPOT_NAME_MAX,
  SPOT_NOTES_MAX,
  SPOT_RADIUS_MAX_METERS,
  SPOT_RADIUS_MIN_METERS,
} from './spots.ts';

/** The fields an angler writes for a spot (docs/decisions/043-trips-and-spots.md), each once with its rules and texts. */
const spotFields = {
  name: requiredName('Name', SPOT_NAME_MAX),
  latitude: requiredNumber('Latitude', -90, 90),
  longitude: requiredNumber('Longitude', -180, 180),
  notes: optionalText('Notes', SPOT_NOTES_MAX),
  /** Whole metres around the point in which a catch belongs to the spot. */
  radiusMeters: wholeNumber(
    'Radius',
    SPOT_RADIUS_MIN_METERS,
    SPOT_RADIUS_MAX_METERS,
    DEFAULT_SPOT_RADIUS_METERS,
  ),
};

/** A spot as every API answer carries it (core/spots.ts `Spot`): the written fields plus what the server adds. */
export const spotSchema = z.object({
  id: z.int(),
  clientId: z.string().nullable(),
  ...spotFields,
  createdAt: z.string(),
  /** The fish caught there: the sum of its catches' quantities. */
  catchCount: z.int(),
  /** Its heaviest weighed fish, or null when none was weighed. */
  bestCatch: z.object({ id: z.int(), fishType: z.string(), weight: z.number() }).nullable(),
});

/** POST /api/spots. */
export const spotCreateSchema = z.object({
  ...spotFields,
  /** The device's id for this spot (outbox): a repeat with the same id returns the first spot. */
  clientId: clientIdField,
});

/** PATCH /api/spots/{id}: any subset of the written fields; a field left out stays as it is. */
export const spotUpdateSchema = z.object(spotFields).partial();
