import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tripCreateSchema, tripSchema, tripUpdateSchema } from '#core/trip-schema.ts';
import { requireUser } from '../auth/session.ts';
import { notFound } from '../http/app-error.ts';
import { routeContract } from '../http/route-contract.ts';
import { parseChanges, parseInput, recordIdParams } from '../http/validation.ts';
import type { TripRepository } from './trip.repository.ts';

const tripIdSchema = recordIdParams('Trip');

/** The time an angler fished (docs/decisions/043-trips-and-spots.md); owner only: another angler's id is a 404. */
export async function tripsRoutes(
  app: FastifyInstance,
  deps: { trips: TripRepository; countReplay: () => void },
): Promise<void> {
  const { trips } = deps;

  const listContract = routeContract({
    summary: "The signed-in angler's trips, newest first, with their effort and catch figures",
    response: { 200: z.array(tripSchema) },
  });
  app.get('/api/trips', listContract, async (request) => trips.list(requireUser(request).id));

  // 201 for a new trip, 200 for a repeat of one already saved with the same clientId.
  const createContract = routeContract({
    summary: 'Save a trip (trips never overlap); the catches without a trip in its time are attached to it',
    body: tripCreateSchema,
    response: { 200: tripSchema, 201: tripSchema },
  });
  app.post('/api/trips', createContract, async (request, reply) => {
    const user = requireUser(request);
    const result = await trips.create(user.id, parseInput(tripCreateSchema, request.body));
    if (!result.created) deps.countReplay();
    return reply.status(result.created ? 201 : 200).send(result.trip);
  });

  const updateContract = routeContract({
    summary: 'Change some fields of a trip (null endedAt: running again)',
    params: tripIdSchema,
    body: tripUpdateSchema,
    response: { 200: tripSchema },
  });
  app.patch('/api/trips/:id', updateContract, async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(tripIdSchema, request.params);
    const trip = await trips.update(user.id, id, parseChanges(tripUpdateSchema, request.body));
    if (!trip) throw notFound('Trip');
    return trip;
  });

  const deleteContract = routeContract({
    summary: 'Delete a trip; its catches stay, without a trip',
    params: tripIdSchema,
    response: { 204: null },
  });
  app.delete('/api/trips/:id', deleteContract, async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseInput(tripIdSchema, request.params);
    if (!(await trips.delete(user.id, id))) throw notFound('Trip');
    return reply.status(204).send();
  });
}
