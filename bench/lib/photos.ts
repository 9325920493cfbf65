// Photos: how long the server takes to accept a 12-megapixel camera JPEG (upload → 201, which includes the
// re-encode to WebP, the thumbnail and the fsynced writes), and how big the thumbnail is.
import sharp from 'sharp';
import { processPhoto } from '../../server/photos/image-pipeline.ts';
import { photoForm, photoLikeJpeg } from './images.ts';
import type { Started } from './processes.ts';
import { BENCH_PASSWORD, BENCH_USERS } from './seed.ts';

export interface PhotoFigures {
  inputBytes: number;
  width: number;
  height: number;
  /** Upload → 201 over loopback, each run, ms. */
  acceptMs: number[];
  /** The pipeline alone (processPhoto in this process), each run, ms. */
  pipelineMs: number[];
  fullBytes: number;
  fullWidth: number;
  fullHeight: number;
  thumbBytes: number;
  thumbWidth: number;
  thumbHeight: number;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export async function benchPhotos(
  server: Started,
  runs: number,
  log: (line: string) => void,
): Promise<PhotoFigures> {
  const width = 4000;
  const height = 3000;
  const jpeg = await photoLikeJpeg(width, height);
  const login = await fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_USERS.photos.username, password: BENCH_PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';

  const upload = async () => {
    const form = photoForm(jpeg);
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { 'content-type': form.contentType, cookie },
      body: form.body,
    });
    const body = (await response.json()) as { url?: string; message?: string };
    const ms = performance.now() - started;
    if (response.status !== 201 || !body.url) throw new Error(`upload: ${response.status} ${body.message}`);
    return { ms, url: body.url };
  };

  await upload(); // warm-up: sharp's first call loads codecs
  const acceptMs: number[] = [];
  let url = '';
  for (let i = 0; i < runs; i++) {
    const result = await upload();
    acceptMs.push(result.ms);
    url = result.url;
  }
  const full = Buffer.from(
    await (await fetch(`${server.baseUrl}${url}`, { headers: { cookie } })).arrayBuffer(),
  );
  const thumb = Buffer.from(
    await (await fetch(`${server.baseUrl}${url}?size=thumb`, { headers: { cookie } })).arrayBuffer(),
  );
  const fullMeta = await sharp(full).metadata();
  const thumbMeta = await sharp(thumb).metadata();

  const pipelineMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await processPhoto(jpeg);
    pipelineMs.push(performance.now() - started);
  }
  const figures: PhotoFigures = {
    inputBytes: jpeg.length,
    width,
    height,
    acceptMs,
    pipelineMs,
    fullBytes: full.length,
    fullWidth: fullMeta.width ?? 0,
    fullHeight: fullMeta.height ?? 0,
    thumbBytes: thumb.length,
    thumbWidth: thumbMeta.width ?? 0,
    thumbHeight: thumbMeta.height ?? 0,
  };
  log(
    `  12 MP JPEG (${(jpeg.length / 1e6).toFixed(1)} MB): accepted in ${median(acceptMs).toFixed(0)} ms (median of ${runs}), ` +
      `thumbnail ${(thumb.length / 1024).toFixed(1)} KB`,
  );
  return figures;
}
