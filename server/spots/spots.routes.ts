import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { spotCreateSchema, spotSchema, spotUpdateSchema } from '#core/spot-schema.ts';
import { requireUser } from '../auth/session.ts';
import { notFound } from '../http/app-error.ts';
import { routeContract } from '../http/route-contract.ts';
import { parseChanges, parseInput, recordIdParams } from '../http/validation.ts';
import type { SpotRepository } from './spot.repository.ts';

const spotIdSchema = recordIdParams('Spot');

/** The angler's named places (docs/decisions/043-trips-and-spots.md); owner only: another angler's id is a 404. */
export async function spotsRoutes(
  app: FastifyInstance,
  deps: { spots: SpotRepository; countReplay: () => void },
): Promise<void> {
  const { spots } = deps;

  const listContract = routeContract({
    summary: "The signed-in angler's spots by name, each with its catch count and heaviest fish",
    response: { 200: z.array(spotSchema) },
  });
  app.get('/api/spots', listContract, async (request) => spots.list(requireUser(request).id));

  // 201 for a new spot, 200 for a repeat of one already saved with the same clientId.
  const createContract = routeContract({
    summary: 'Save a spot; the catches without a spot inside its radius are attached to it',
    body: spotCreateSchema,
    response: { 200: spotSchema, 201: spotSchema },
  });
  app.post('/api/spots', createContract, async (request, reply) => {
    const user = requireUser(request);
    const result = await spots.create(user.id, parseInput(spotCreateSchema, request.body));
    if (!result.created) deps.countReplay();
    return reply.status(result.created ? 201 : 200).send(result.spot);
  });

  const updateContract = routeContract({
    summary: 'Change some fields of a spot',
    params: spotIdSchema,
    body: spotUpdateSchema,
    response: { 200: spotSchema },
  });
  app.patch('/api/spots/:id', updateContract, async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(spotIdSchema, request.params);
    const spot = await spots.update(user.id, id, parseChanges(spotUpdateSchema, request.body));
    if (!spot) throw notFound('Spot');
    return spot;
  });

  const deleteContract = routeContract({
    summary: 'Delete a spot; its catches and trips stay, without a spot',
    params: spotIdSchema,
    response: { 204: null },
  });
  app.delete('/api/spots/:id', deleteContract, async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseInput(spotIdSchema, request.params);
    if (!(await spots.delete(user.id, id))) throw notFound('Spot');
    return reply.status(204).send();
  });
}
