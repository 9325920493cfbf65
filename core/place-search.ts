import { z } from 'zod';

const SEARCH_TOO_SHORT = 'Type at least 2 letters of a place';

/** `?search=` of GET /api/places: a town's name, optionally followed by its region ('Tahoe City, California'). */
export const placeSearchQuerySchema = z.object({
  search: z
    .string({ error: SEARCH_TOO_SHORT })
    .trim()
    .min(2, SEARCH_TOO_SHORT)
    .max(100, 'A place name has at most 100 characters'),
});
