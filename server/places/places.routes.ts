import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { coordinatesQuerySchema } from '#core/coordinates.ts';
import { placeSearchQuerySchema } from '#core/place-search.ts';
import { requireUser } from '../auth/session.ts';
import { routeContract } from '../http/route-contract.ts';
import { parseInput } from '../http/validation.ts';
import type { ReverseGeocoder } from './reverse-geocoder.ts';

/** Place names come from the embedded GeoNames list: no third party learns where the angler fishes. */
export async function placesRoutes(app: FastifyInstance, deps: { geocoder: ReverseGeocoder }): Promise<void> {
  const contract = routeContract({
    summary: 'The name of the place at a position',
    querystring: coordinatesQuerySchema,
    response: { 200: z.object({ locationName: z.string() }) },
  });
  app.get('/api/reverse-geocode', contract, async (request) => {
    requireUser(request);
    const { lat, lon } = parseInput(coordinatesQuerySchema, request.query);
    return { locationName: deps.geocoder.nameAt(lat, lon) };
  });

  // A place chosen by name, where the device's position is not to be had (docs/decisions/026-choosing-a-place.md).
  const searchContract = routeContract({
    summary: 'Places whose name matches a search, best first',
    querystring: placeSearchQuerySchema,
    response: {
      200: z.object({
        places: z.array(z.object({ name: z.string(), latitude: z.number(), longitude: z.number() })),
      }),
    },
  });
  app.get('/api/places', searchContract, async (request) => {
    requireUser(request);
    const { search } = parseInput(placeSearchQuerySchema, request.query);
    return { places: deps.geocoder.findPlaces(search) };
  });
}
