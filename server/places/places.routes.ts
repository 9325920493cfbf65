import type { FastifyInstance } from 'fastify';
import { coordinatesQuerySchema } from '#core/coordinates.ts';
import { requireUser } from '../auth/session.ts';
import { parseInput } from '../http/validation.ts';
import type { ReverseGeocoder } from './reverse-geocoder.ts';

/** Place names come from the embedded GeoNames list: no third party learns where the angler fishes. */
export async function placesRoutes(app: FastifyInstance, deps: { geocoder: ReverseGeocoder }): Promise<void> {
  app.get('/api/reverse-geocode', async (request) => {
    requireUser(request);
    const { lat, lon } = parseInput(coordinatesQuerySchema, request.query);
    return { locationName: deps.geocoder.nameAt(lat, lon) };
  });
}
