import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LOCATION_NAME, SEARCH_MAX } from '#core/catch.ts';
import {
  type CatchCreateInput,
  catchCreateSchema,
  catchSchema,
  catchUpdateSchema,
} from '#core/catch-schema.ts';
import { photoIdFromUrl } from '#core/photo-url.ts';
import { requireUser } from '../auth/session.ts';
import type { Clock } from '../clock.ts';
import { AppError, notFound } from '../http/app-error.ts';
import { routeContract } from '../http/route-contract.ts';
import { parseChanges, parseInput, recordIdParams } from '../http/validation.ts';
import type { PhotoRepository } from '../photos/photo.repository.ts';
import { releasePhoto } from '../photos/photo-release.ts';
import type { PhotoStore } from '../photos/photo-store.ts';
import type { CatchChanges, CatchRepository, CatchUpdate } from './catch.repository.ts';
import { CatchLists } from './catch-lists.ts';
import { resolveCreatedAt } from './created-at.ts';

/** The most catches `?limit=` may ask for: a first screen, not a way around the cached whole list. */
const LIST_LIMIT_MAX = 100;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${LIST_LIMIT_MAX}`;

const listQuerySchema = z.object({
  search: z
    .string({ error: 'search must be a single text value' })
    .trim()
    .max(SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters`)
    .optional(),
  // Only the newest catches: History's first screen while the whole list is on its way (decision 023).
  limit: z
    .string({ error: LIMIT_MESSAGE })
    .regex(/^[1-9][0-9]*$/, LIMIT_MESSAGE)
    .transform(Number)
    .refine((limit) => limit <= LIST_LIMIT_MAX, LIMIT_MESSAGE)
    .optional(),
});

const catchIdSchema = recordIdParams('Catch');

const clientIdParamsSchema = z.object({ clientId: z.uuid('clientId must be a UUID') });

export interface CatchesDependencies {
  catches: CatchRepository;
  photos: PhotoRepository;
  photoStore: PhotoStore;
  clock: Clock;
  /** Told of each create answered from an earlier one with the same clientId (the metrics' idempotent replays). */
  countReplay: () => void;
  /** The place name of a position, from the embedded place list (offline, no provider): server/places/. */
  placeNameAt: (latitude: number, longitude: number) => string;
}

/**
 * The place name a new catch is saved with (docs/decisions/041-catch-conditions.md): a catch with a position but no
 * name (saved offline, where the form could not ask for one and sent DEFAULT_LOCATION_NAME) is named from its
 * position as an online catch is; a name the angler typed is kept.
 */
function locationNameOnSave(
  fields: Pick<CatchCreateInput, 'locationName' | 'latitude' | 'longitude'>,
  placeNameAt: CatchesDependencies['placeNameAt'],
): string | null {
  const { locationName, latitude, longitude } = fields;
  const unnamed = locationName === null || locationName === DEFAULT_LOCATION_NAME;
  if (!unnamed || latitude === null || longitude === null) return locationName;
  return placeNameAt(latitude, longitude);
}

export async function catchesRoutes(app: FastifyInstance, deps: CatchesDependencies): Promise<void> {
  const { catches, photos, photoStore, clock } = deps;

  const lists = new CatchLists(catches);

  // The list is sent as JSON already serialised (cached until the user's next write) or streamed page by page
  // when it is too big to cache (catch-lists.ts).
  const listContract = routeContract({
    summary:
      "The signed-in angler's catches, newest first, optionally filtered by a search text; with limit, only the newest",
    querystring: listQuerySchema,
    response: { 200: z.array(catchSchema) },
  });
  app.get('/api/catches', listContract, async (request, reply) => {
    const user = requireUser(request);
    const query = parseInput(listQuerySchema, request.query);
    const search = query.search ?? '';
    if (query.limit !== undefined) return lists.newest(user.id, search, query.limit);
    return reply.type('application/json; charset=utf-8').send(await lists.answer(user.id, search));
  });

  /** The id of the user's own uploaded photo at `url`; 400 UNKNOWN_PHOTO for any other URL. */
  async function ownPhotoId(userId: number, url: string): Promise<string> {
    const photoId = photoIdFromUrl(url);
    if (!photoId || !(await photos.isOwnedBy(photoId, userId))) {
      throw new AppError(400, 'UNKNOWN_PHOTO', 'Photo not found: upload it again', {
        photo: 'Photo not found',
      });
    }
    return photoId;
  }

  /** The three create routes (docs/api.md) share one behaviour: the session decides the owner. */
  async function createCatch(request: FastifyRequest) {
    const user = requireUser(request);
    const input: CatchCreateInput = parseInput(catchCreateSchema, request.body);
    const photoId = input.photo ? await ownPhotoId(user.id, input.photo) : null;
    const { photo: _photo, createdAt, userId: _ignoredUserId, ...fields } = input;
    return catches.create(user.id, {
      ...fields,
      locationName: locationNameOnSave(fields, deps.placeNameAt),
      photoId,
      createdAt: resolveCreatedAt(createdAt, clock.now()),
    });
  }

  // 201 for a new catch, 200 for a repeat of one already saved with the same clientId.
  const createContract = routeContract({
    summary: 'Log a catch (the Log form payload)',
    body: catchCreateSchema,
    response: { 200: catchSchema, 201: catchSchema },
  });
  for (const path of ['/api/catches', '/api/mobile-catch', '/api/emergency-catch']) {
    app.post(path, createContract, async (request, reply) => {
      const result = await createCatch(request);
      if (!result.created) deps.countReplay();
      return reply.status(result.created ? 201 : 200).send(result.catch);
    });
  }

  const deleteContract = routeContract({
    summary: 'Delete a catch by its server id',
    params: catchIdSchema,
    response: { 204: null },
  });
  app.delete('/api/catches/:id', deleteContract, async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseInput(catchIdSchema, request.params);
    const { deleted, photoId } = await catches.delete(user.id, id);
    if (!deleted) throw notFound('Catch');
    await releasePhoto({ photos, photoStore }, user.id, photoId);
    return reply.status(204).send();
  });

  // The offline outbox deletes a catch it created by the device's id: it may never have learned the server id.
  const deleteByClientIdContract = routeContract({
    summary: "Delete a catch by the device's clientId (the outbox may never have learned the server id)",
    params: clientIdParamsSchema,
    response: { 204: null },
  });
  app.delete('/api/catches/client/:clientId', deleteByClientIdContract, async (request, reply) => {
    const user = requireUser(request);
    const { clientId } = parseInput(clientIdParamsSchema, request.params);
    const { deleted, photoId } = await catches.deleteByClientId(user.id, clientId);
    if (!deleted) throw notFound('Catch');
    await releasePhoto({ photos, photoStore }, user.id, photoId);
    return reply.status(204).send();
  });

  /** The changes a PATCH body asks for, the photo resolved to its id. */
  async function changesOf(userId: number, body: unknown): Promise<CatchChanges> {
    const { photo, ...fields } = parseChanges(catchUpdateSchema, body);
    if (photo === undefined) return fields;
    return { ...fields, photoId: photo === null ? null : await ownPhotoId(userId, photo) };
  }

  /** After the commit, the photo the catch no longer shows goes, unless another catch of the user shows it. */
  async function releaseReplacedPhoto(request: FastifyRequest, userId: number, update: CatchUpdate) {
    try {
      await releasePhoto({ photos, photoStore }, userId, update.replacedPhotoId);
    } catch (error) {
      // The edit has landed: a failure now leaves files no record owns (found by the orphan sweep) or an unattached
      // record (swept within a day), which is no reason to answer the edit as failed.
      request.log.warn({ err: error, photoId: update.replacedPhotoId }, 'replaced photo not released');
    }
  }

  // Edit (decision 021): only the fields sent change; 200 with the whole catch as it is now.
  const updateContract = routeContract({
    summary: 'Change some fields of a catch by its server id (null clears an optional field)',
    params: catchIdSchema,
    body: catchUpdateSchema,
    response: { 200: catchSchema },
  });
  app.patch('/api/catches/:id', updateContract, async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(catchIdSchema, request.params);
    const update = await catches.update(user.id, id, await changesOf(user.id, request.body));
    if (!update) throw notFound('Catch');
    await releaseReplacedPhoto(request, user.id, update);
    return update.catch;
  });

  // By the device's id, as for delete: an edit made offline may reach a catch whose server id the device never learned.
  const updateByClientIdContract = routeContract({
    summary: "Change some fields of a catch by the device's clientId (null clears an optional field)",
    params: clientIdParamsSchema,
    body: catchUpdateSchema,
    response: { 200: catchSchema },
  });
  app.patch('/api/catches/client/:clientId', updateByClientIdContract, async (request) => {
    const user = requireUser(request);
    const { clientId } = parseInput(clientIdParamsSchema, request.params);
    const update = await catches.updateByClientId(user.id, clientId, await changesOf(user.id, request.body));
    if (!update) throw notFound('Catch');
    await releaseReplacedPhoto(request, user.id, update);
    return update.catch;
  });
}
