import type { TileSourceSettings } from '../config/settings.ts';
import {
  type UpstreamAnswer,
  UpstreamTimeoutError,
  UpstreamTooLargeError,
  upstreamGet,
} from '../http/upstream-get.ts';

/** One map tile as the provider sent it. */
export interface Tile {
  body: Buffer;
  contentType: string;
  /** How long the provider lets it be kept (its Cache-Control max-age), when it says. */
  maxAgeSeconds: number | null;
}

/** The provider did not answer in time (504). */
export class TileTimeoutError extends Error {}
/** The provider is unreachable or answered something that is not a tile (502). */
export class TileUpstreamError extends Error {}
/** The provider has no such tile (404). */
export class TileNotFoundError extends Error {}

const MAX_TILE_BYTES = 2 * 1024 * 1024;

/** The tile URL for one tile: the template's {z}/{x}/{y} filled in. */
function tileUrl(template: string, z: number, x: number, y: number): string {
  return template.replaceAll('{z}', String(z)).replaceAll('{x}', String(x)).replaceAll('{y}', String(y));
}

function maxAge(cacheControl: string | null): number | null {
  const match = cacheControl ? /(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl) : null;
  return match ? Number(match[1]) : null;
}

/** Fetches tiles from the provider: our User-Agent, nothing of the angler's (no cookie, no address, no Referer). */
export async function fetchTile(
  settings: TileSourceSettings,
  z: number,
  x: number,
  y: number,
): Promise<Tile> {
  let answer: UpstreamAnswer;
  try {
    answer = await upstreamGet(tileUrl(settings.urlTemplate, z, x, y), {
      headers: { 'user-agent': settings.userAgent, accept: 'image/png,image/webp,image/jpeg,image/*' },
      timeoutMs: settings.timeoutMs,
      maxBytes: MAX_TILE_BYTES,
      maxRedirects: 5,
    });
  } catch (error) {
    if (error instanceof UpstreamTimeoutError) {
      throw new TileTimeoutError(`tile provider did not finish within ${settings.timeoutMs} ms`);
    }
    if (error instanceof UpstreamTooLargeError) throw new TileUpstreamError(`tile provider ${error.message}`);
    throw new TileUpstreamError(`tile provider unreachable: ${(error as Error).message}`);
  }
  if (answer.status === 404) throw new TileNotFoundError('tile provider has no such tile');
  if (answer.status < 200 || answer.status > 299) {
    throw new TileUpstreamError(`tile provider answered ${answer.status}`);
  }
  if (!answer.contentType.startsWith('image/')) {
    throw new TileUpstreamError(
      `tile provider answered ${answer.contentType || 'no content type'}, not an image`,
    );
  }
  if (answer.body.length === 0) throw new TileUpstreamError('tile provider answered 0 bytes');
  return { body: answer.body, contentType: answer.contentType, maxAgeSeconds: maxAge(answer.cacheControl) };
}
