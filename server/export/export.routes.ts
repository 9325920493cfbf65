import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EXPORT_FORMATS, type ExportFormat, importSummarySchema } from '#core/data-transfer.ts';
import { requireUser } from '../auth/session.ts';
import { AppError } from '../http/app-error.ts';
import { routeContract } from '../http/route-contract.ts';
import { parseInput } from '../http/validation.ts';
import { exportFileName } from './export-format.ts';
import { exportStream } from './export-service.ts';
import { type ImportDependencies, ImportService, type SpooledUpload } from './import-service.ts';

/** Files above this are refused with 413: a ZIP of a big log with photos, spooled to disk. */
export const DEFAULT_IMPORT_MAX_BYTES = 512 * 1024 * 1024;

const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'format must be json, csv, zip or gpx' }),
});

const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
  gpx: 'application/gpx+xml',
};

const exportContract = routeContract({
  summary:
    'The whole log as a download: JSON, CSV, a ZIP of both with every photo, or GPX waypoints for a GPS or map app',
  querystring: exportQuerySchema,
  response: {},
  responseContent: {
    status: 200,
    mediaType: 'application/octet-stream',
    description:
      'tightlines-export-YYYY-MM-DD.json (application/json), .csv (text/csv), .zip (application/zip) or .gpx (application/gpx+xml)',
  },
});

const importContract = routeContract({
  summary: 'Import a JSON, CSV or ZIP made by the export (re-importing creates nothing)',
  bodyContent: {
    mediaType: 'multipart/form-data',
    schema: {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    },
  },
  response: { 200: importSummarySchema },
});

const importTooLarge = (maxBytes: number) =>
  new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    `The file is too large to import (${Math.round(maxBytes / 1024 / 1024)} MB at most)`,
  );

/** The `file` field of the multipart body, written to a temporary file (never held in memory), and its name. */
async function spoolUpload(
  request: FastifyRequest,
  directory: string,
  maxBytes: number,
): Promise<SpooledUpload> {
  const declared = Number(request.headers['content-length'] ?? 0);
  // Refused before reading when the body says it is too big (64 KB of room for the multipart framing).
  if (declared > maxBytes + 64 * 1024) throw importTooLarge(maxBytes);
  const target = path.join(directory, 'upload');
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!file) throw new AppError(400, 'NO_FILE', 'Please choose a file to import');
    if (file.fieldname !== 'file') {
      throw new AppError(400, 'NO_FILE', 'Please choose a file to import (form field "file")');
    }
    await pipeline(file.file, createWriteStream(target));
    if (file.file.truncated) throw importTooLarge(maxBytes);
    return { file: target, fileName: file.filename };
  } catch (error) {
    const hasStatus =
      error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number';
    if (hasStatus) throw error;
    throw new AppError(
      400,
      'MALFORMED_UPLOAD',
      'The upload is not a valid multipart form. Please try again.',
    );
  }
}

/** GET /api/export and POST /api/import: the HTTP side; export-service.ts and import-service.ts do the work. */
export async function exportRoutes(app: FastifyInstance, deps: ImportDependencies): Promise<void> {
  const importer = new ImportService(deps, app.log);
  app.addHook('onClose', async () => importer.removeAllUploads());
  await importer.removeStaleUploads();

  app.get('/api/export', exportContract, async (request, reply) => {
    const user = requireUser(request);
    const { format } = parseInput(exportQuerySchema, request.query);
    const now = deps.clock.now();
    const body = exportStream(
      format,
      {
        catches: deps.catches,
        spots: deps.spots,
        trips: deps.trips,
        photoStore: deps.photoStore,
        log: app.log,
      },
      user,
      now,
    );
    return reply
      .type(EXPORT_CONTENT_TYPES[format])
      .header('Content-Disposition', `attachment; filename="${exportFileName(now, format)}"`)
      .send(body);
  });

  app.post('/api/import', importContract, async (request) => {
    const user = requireUser(request);
    if (!request.isMultipart()) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as a multipart form (field "file")');
    }
    return importer.run(user.id, (directory) => spoolUpload(request, directory, deps.importMaxBytes));
  });
}
