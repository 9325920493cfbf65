import type { TileSourceSettings } from '../config/settings.ts';

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
  let response: Response;
  try {
    response = await fetch(tileUrl(settings.urlTemplate, z, x, y), {
      signal: AbortSignal.timeout(settings.timeoutMs),
      headers: { 'user-agent': settings.userAgent, accept: 'image/png,image/webp,image/jpeg,image/*' },
      redirect: 'follow',
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new TileTimeoutError(`tile provider did not answer within ${settings.timeoutMs} ms`);
    }
    throw new TileUpstreamError(`tile provider unreachable: ${(error as Error).message}`);
  }
  try {
    if (response.status === 404) throw new TileNotFoundError('tile provider has no such tile');
    if (!response.ok) throw new TileUpstreamError(`tile provider answered ${response.status}`);
    const contentType = response.headers.get('content-type') ?? '';
    if (!contentType.startsWith('image/')) {
      throw new TileUpstreamError(`tile provider answered ${contentType || 'no content type'}, not an image`);
    }
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length === 0 || body.length > MAX_TILE_BYTES) {
      throw new TileUpstreamError(`tile provider answered ${body.length} bytes`);
    }
    return { body, contentType, maxAgeSeconds: maxAge(response.headers.get('cache-control')) };
  } catch (error) {
    if (error instanceof TileNotFoundError || error instanceof TileUpstreamError) throw error;
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new TileTimeoutError(`tile provider did not finish within ${settings.timeoutMs} ms`);
    }
    throw new TileUpstreamError(`tile provider answer unreadable: ${(error as Error).message}`);
  } finally {
    // A refused answer's body is not read: release the connection.
    if (!response.bodyUsed) await response.body?.cancel().catch(() => {});
  }
}
