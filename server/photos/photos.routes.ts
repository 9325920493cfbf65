import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PHOTO_FILE_PATTERN,
  PHOTO_URL_PATTERN,
  PHOTOS_PATH,
  photoIdFromFileName,
  photoUrl,
} from '#core/photo-url.ts';
import { requireUser } from '../auth/session.ts';
import type { Clock } from '../clock.ts';
import { AppError, notFound, tooManyRequests } from '../http/app-error.ts';
import { type RouteContract, routeContract } from '../http/route-contract.ts';
import { parseInput } from '../http/validation.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.repository.ts';
import { type ImageJobQueue, QueueFullError } from './image-job-queue.ts';
import type { PhotoRepository } from './photo.repository.ts';
import { type PhotoProcessor, PhotoRejectedError, type ProcessedPhoto } from './photo-processing.ts';
import type { PhotoStore } from './photo-store.ts';

/** Uploads larger than this are refused with 413 (docs/product.md#api-rules). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
const UPLOAD_WINDOW_MS = 60 * 1000;
/** The default storage quota per account (PHOTO_QUOTA_MB). */
export const DEFAULT_PHOTO_QUOTA_BYTES = 1024 * 1024 * 1024;
/** A full image queue frees up within seconds: photos take about a second each. */
const QUEUE_FULL_RETRY_AFTER_SECONDS = 5;

const photoParamsSchema = z.object({
  file: z.string().regex(PHOTO_FILE_PATTERN, 'Photo not found'),
});
const photoQuerySchema = z.object({ size: z.enum(['full', 'thumb']).optional() });

export interface PhotosDependencies {
  photos: PhotoRepository;
  photoStore: PhotoStore;
  rateLimiter: RateLimiter;
  uploadsPerUser: number;
  /** Bytes of photos one account may store. */
  quotaBytes: number;
  /** Where photos are decoded, one at a time. */
  imageJobs: ImageJobQueue;
  /** Where photos are decoded and re-encoded (the image worker, a child process). */
  images: PhotoProcessor;
  clock: Clock;
}

const serverBusy = () =>
  new AppError(
    503,
    'SERVER_BUSY',
    'The server is busy with other photos. Please try again in a moment.',
    undefined,
    { retryAfterSeconds: QUEUE_FULL_RETRY_AFTER_SECONDS },
  );

const quotaExceeded = (quotaBytes: number) =>
  new AppError(
    403,
    'PHOTO_QUOTA_EXCEEDED',
    `Your photo storage is full (${formatBytes(quotaBytes)}). Delete catches with photos you no longer need to ` +
      'upload new ones.',
  );

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${Math.round((bytes / 1024 ** 3) * 10) / 10} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** The body is not a multipart form a parser can follow (no boundary, a part never closed, plain garbage). */
const malformedUpload = () =>
  new AppError(400, 'MALFORMED_UPLOAD', 'The upload is not a valid multipart form. Please try again.');

/**
 * The `photo` file of a multipart body, read whole. Errors of the multipart parser that carry no HTTP status
 * (busboy's "Unexpected end of multipart data", "Malformed part header"…) mean a malformed body: a 400, not a 500.
 */
async function readPhotoField(request: FastifyRequest): Promise<Buffer> {
  try {
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
    return bytes;
  } catch (error) {
    const hasStatus =
      error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number';
    throw hasStatus ? error : malformedUpload();
  }
}

/**
 * Re-encodes photo bytes (no metadata survives), checks the account's quota with the real size and stores both
 * sizes; returns the photo's URL. Uploads and the photos of an imported ZIP both come through here.
 */
export async function ingestPhoto(
  deps: Pick<PhotosDependencies, 'photos' | 'photoStore' | 'quotaBytes' | 'imageJobs' | 'images' | 'clock'>,
  userId: number,
  bytes: Buffer,
): Promise<string> {
  const { photos, photoStore, quotaBytes, imageJobs, images, clock } = deps;
  let processed: ProcessedPhoto;
  try {
    processed = await images.process(bytes, imageJobs);
  } catch (error) {
    if (error instanceof PhotoRejectedError) throw new AppError(400, 'BAD_IMAGE', error.message);
    if (error instanceof QueueFullError) throw serverBusy();
    throw error;
  }
  const photoBytes = processed.full.length + processed.thumb.length;
  // Counted again with this photo's real size (two uploads at once may both pass: the quota is a bound, not a lock).
  if ((await photos.bytesStoredBy(userId)) + photoBytes > quotaBytes) throw quotaExceeded(quotaBytes);

  const id = randomUUID();
  try {
    await photoStore.save(id, 'full', processed.full);
    await photoStore.save(id, 'thumb', processed.thumb);
    await photos.create({
      id,
      userId,
      width: processed.width,
      height: processed.height,
      bytes: photoBytes,
      createdAt: clock.now(),
    });
  } catch (error) {
    // No record, no files: a disk that filled up half-way must not keep half a photo nobody can delete.
    await photoStore.remove(id).catch(() => {});
    throw error;
  }
  return photoUrl(id);
}

export async function photosRoutes(app: FastifyInstance, deps: PhotosDependencies): Promise<void> {
  const { photos, photoStore, rateLimiter, uploadsPerUser, quotaBytes, imageJobs } = deps;

  /** Reads the `photo` field, re-encodes it (no metadata survives) and stores both sizes. Returns the URL. */
  async function acceptUpload(request: FastifyRequest): Promise<string> {
    const user = requireUser(request);
    if (!(await rateLimiter.consume(`upload-user:${user.id}`, uploadsPerUser, UPLOAD_WINDOW_MS)).allowed) {
      throw tooManyRequests('Too many uploads. Please wait a minute and try again.');
    }

    if (!request.isMultipart()) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the photo as a multipart form');
    }
    // Refused before the body is read when it could not be taken anyway.
    if (imageJobs.isFull) throw serverBusy();
    if ((await photos.bytesStoredBy(user.id)) >= quotaBytes) throw quotaExceeded(quotaBytes);

    const bytes = await readPhotoField(request);
    return ingestPhoto(deps, user.id, bytes);
  }

  // Two upload routes with one behaviour; docs/api.md names the answer field differently for each.
  const uploadedUrl = z.string().regex(PHOTO_URL_PATTERN);
  const upload: Omit<RouteContract, 'response'> = {
    summary: 'Upload a photo (stored as WebP with a thumbnail, metadata stripped)',
    bodyContent: {
      mediaType: 'multipart/form-data',
      schema: {
        type: 'object',
        required: ['photo'],
        properties: { photo: { type: 'string', format: 'binary' } },
      },
    },
  };
  const uploadContract = routeContract({ ...upload, response: { 201: z.object({ url: uploadedUrl }) } });
  app.post('/api/upload', uploadContract, async (request, reply) =>
    reply.status(201).send({ url: await acceptUpload(request) }),
  );
  const uploadPhotoContract = routeContract({
    ...upload,
    response: { 201: z.object({ photoUrl: uploadedUrl }) },
  });
  app.post('/api/upload-photo', uploadPhotoContract, async (request, reply) =>
    reply.status(201).send({ photoUrl: await acceptUpload(request) }),
  );

  const photoContract = routeContract({
    summary: 'One of my photos (WebP), full size or its thumbnail',
    params: photoParamsSchema,
    querystring: photoQuerySchema,
    response: {},
    responseContent: { status: 200, mediaType: 'image/webp', description: 'The photo' },
  });
  app.get(`${PHOTOS_PATH}:file`, photoContract, async (request: FastifyRequest, reply: FastifyReply) => {
    const user = requireUser(request);
    const { file } = parseInput(photoParamsSchema, request.params);
    const { size } = parseInput(photoQuerySchema, request.query);
    const id = photoIdFromFileName(file);
    // Someone else's photo is "not found", never "forbidden": ids must not leak.
    if (!id || !(await photos.isOwnedBy(id, user.id))) throw notFound('Photo');
    const bytes = await photoStore.read(id, size === 'thumb' ? 'thumb' : 'full');
    if (!bytes) throw notFound('Photo');
    return reply.header('Content-Type', 'image/webp').header('Content-Disposition', 'inline').send(bytes);
  });
}
