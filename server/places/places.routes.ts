import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { coordinatesQuerySchema } from '#core/coordinates.ts';
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
}
