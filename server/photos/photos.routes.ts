import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/session.ts';
import { photoUrl } from '../catches/catch.repository.ts';
import type { Clock } from '../clock.ts';
import { AppError, notFound, tooManyRequests } from '../http/app-error.ts';
import { parseInput } from '../http/validation.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { PhotoRejectedError, processPhoto } from './image-pipeline.ts';
import type { PhotoRepository } from './photo.repository.ts';
import type { PhotoStore } from './photo-store.ts';

/** Uploads larger than this are refused with 413 (DESIGN §4). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
const UPLOAD_WINDOW_MS = 60 * 1000;
/** Photos never change under an id, so browsers may keep them for a year. */
const IMMUTABLE_PRIVATE_CACHE = 'private, max-age=31536000, immutable';

const photoParamsSchema = z.object({
  file: z.string().regex(/^[0-9a-f-]{36}\.webp$/, 'Photo not found'),
});
const photoQuerySchema = z.object({ size: z.enum(['full', 'thumb']).optional() });

export interface PhotosDependencies {
  photos: PhotoRepository;
  photoStore: PhotoStore;
  rateLimiter: RateLimiter;
  uploadsPerUser: number;
  clock: Clock;
}

export async function photosRoutes(app: FastifyInstance, deps: PhotosDependencies): Promise<void> {
  const { photos, photoStore, rateLimiter, uploadsPerUser, clock } = deps;

  /** Reads the `photo` field, re-encodes it (no metadata survives) and stores both sizes. Returns the URL. */
  async function acceptUpload(request: FastifyRequest): Promise<string> {
    const user = requireUser(request);
    const limitKey = `upload-user:${user.id}`;
    if (await rateLimiter.isLimited(limitKey, uploadsPerUser, UPLOAD_WINDOW_MS)) {
      throw tooManyRequests('Too many uploads. Please wait a minute and try again.');
    }
    await rateLimiter.hit(limitKey, UPLOAD_WINDOW_MS);

    if (!request.isMultipart()) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the photo as a multipart form');
    }
    const file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (!file) throw new AppError(400, 'NO_FILE', 'Please select a file to upload');
    if (file.fieldname !== 'photo') {
      throw new AppError(400, 'NO_FILE', 'Please select a file to upload (form field "photo")');
    }
    const bytes = await file.toBuffer();
    // toBuffer() only notices the size limit when busboy hands it one more chunk after cutting the file; when the
    // cut falls on a chunk boundary it returns the first 20 MB as if they were the whole file. Check the flag.
    if (file.file.truncated) {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Photo is too large (20 MB at most)');
    }
    if (bytes.length === 0) throw new AppError(400, 'NO_FILE', 'The selected file is empty');

    let processed: Awaited<ReturnType<typeof processPhoto>>;
    try {
      processed = await processPhoto(bytes);
    } catch (error) {
      if (error instanceof PhotoRejectedError) throw new AppError(400, 'BAD_IMAGE', error.message);
      throw error;
    }
    const id = randomUUID();
    await photoStore.save(id, 'full', processed.full);
    await photoStore.save(id, 'thumb', processed.thumb);
    await photos.create({
      id,
      userId: user.id,
      width: processed.width,
      height: processed.height,
      createdAt: clock.now(),
    });
    return photoUrl(id);
  }

  // Two upload routes with one behaviour; SPEC §7 names the answer field differently for each.
  app.post('/api/upload', async (request, reply) =>
    reply.status(201).send({ url: await acceptUpload(request) }),
  );
  app.post('/api/upload-photo', async (request, reply) =>
    reply.status(201).send({ photoUrl: await acceptUpload(request) }),
  );

  app.get('/api/photos/:file', async (request: FastifyRequest, reply: FastifyReply) => {
    const user = requireUser(request);
    const { file } = parseInput(photoParamsSchema, request.params);
    const { size } = parseInput(photoQuerySchema, request.query);
    const id = file.slice(0, 36);
    // Someone else's photo is "not found", never "forbidden": ids must not leak.
    if (!(await photos.isOwnedBy(id, user.id))) throw notFound('Photo');
    const bytes = await photoStore.read(id, size === 'thumb' ? 'thumb' : 'full');
    if (!bytes) throw notFound('Photo');
    return reply
      .header('Content-Type', 'image/webp')
      .header('Cache-Control', IMMUTABLE_PRIVATE_CACHE)
      .header('Content-Disposition', 'inline')
      .send(bytes);
  });
}
