import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type MapSettings, TILES_PATH } from '#core/map-tiles.ts';
import { requireUser } from '../auth/session.ts';
import type { Clock } from '../clock.ts';
import { AppError, notFound, tooManyRequests } from '../http/app-error.ts';
import { routeContract } from '../http/route-contract.ts';
import { parseInput } from '../http/validation.ts';
import type { TileCache } from './tile-cache.ts';
import { TileNotFoundError, TileTimeoutError, TileUpstreamError } from './tile-source.ts';

const TILE_NUMBER = /^(0|[1-9]\d{0,7})$/;

function tileParamsSchema(maxZoom: number) {
  const whole = (label: string) =>
    z.string().regex(TILE_NUMBER, `${label} must be a whole number`).transform(Number);
  return z
    .object({
      z: whole('Zoom').pipe(z.number().max(maxZoom, `Zoom must be between 0 and ${maxZoom}`)),
      x: whole('Tile x'),
      y: whole('Tile y'),
    })
    .superRefine((tile, context) => {
      const size = 2 ** tile.z;
      for (const axis of ['x', 'y'] as const) {
        if (tile[axis] >= size) {
          context.addIssue({
            code: 'custom',
            path: [axis],
            message: `Tile ${axis} must be between 0 and ${size - 1} at zoom ${tile.z}`,
          });
        }
      }
    });
}

const MINUTE_MS = 60_000;

/**
 * How many tiles one account may make the server fetch from the provider per minute (kept tiles are free): a map
 * used by a person stays far below it; a script pulling tiles through us (bulk downloading, which the providers
 * forbid and would block this server for) is stopped. Counted in this process, per fixed minute.
 */
export class TileFetchBudget {
  private readonly perMinute: number;
  private readonly clock: Clock;
  private readonly windows = new Map<number, { startedAt: number; count: number }>();
  /** Provider fetches refused since start because an account spent its minute (metrics). */
  refused = 0;

  constructor(perMinute: number, clock: Clock) {
    this.perMinute = perMinute;
    this.clock = clock;
  }

  /** Counts one provider fetch for the user, or throws 429 RATE_LIMITED when the minute's budget is spent. */
  take(userId: number): void {
    const now = this.clock.now().getTime();
    if (this.windows.size > 10_000) {
      for (const [id, window] of this.windows)
        if (now - window.startedAt >= MINUTE_MS) this.windows.delete(id);
    }
    let window = this.windows.get(userId);
    if (!window || now - window.startedAt >= MINUTE_MS) {
      window = { startedAt: now, count: 0 };
      this.windows.set(userId, window);
    }
    if (window.count >= this.perMinute) {
      this.refused++;
      throw tooManyRequests('Too many new map tiles at once. Please wait a minute and try again.');
    }
    window.count += 1;
  }
}

/**
 * The map tiles, through our server (decision 016): the provider sees this server, never which angler looks at
 * which water. Signed in only (nobody else may spend the provider's goodwill), cached (tile-cache.ts).
 */
export async function tilesRoutes(
  app: FastifyInstance,
  deps: { tiles: TileCache; budget: TileFetchBudget },
): Promise<void> {
  const { attribution, maxZoom } = deps.tiles.settings;
  const paramsSchema = tileParamsSchema(maxZoom);

  const settingsContract = routeContract({
    summary: "The map's settings: the tile provider's attribution and its deepest zoom",
    response: { 200: z.object({ attribution: z.string(), maxZoom: z.number().int() }) },
  });
  app.get(TILES_PATH, settingsContract, async (request): Promise<MapSettings> => {
    requireUser(request);
    return { attribution, maxZoom };
  });

  const tileContract = routeContract({
    summary: 'One map tile, fetched from the configured provider through this server and cached here',
    params: paramsSchema,
    response: {},
    responseContent: {
      status: 200,
      mediaType: 'image/png',
      description: "The tile, in the provider's image format",
    },
  });
  app.get(`${TILES_PATH}/:z/:x/:y`, tileContract, async (request, reply) => {
    const user = requireUser(request);
    const { z: zoom, x, y } = parseInput(paramsSchema, request.params);
    try {
      const tile = await deps.tiles.get(zoom, x, y, () => deps.budget.take(user.id));
      // Cache-Control stays `no-store` like every API answer (api-paths.ts): the tiles someone looked at say where
      // they fish. The service worker keeps the viewed tiles for offline use, and forgets them at sign-out.
      return reply.type(tile.contentType).send(tile.body);
    } catch (error) {
      if (error instanceof TileNotFoundError) throw notFound('Map tile');
      if (error instanceof TileTimeoutError) {
        request.log.warn({ err: error }, 'map tile provider timed out');
        throw new AppError(504, 'MAP_TIMEOUT', 'The map service did not answer in time. Please try again.');
      }
      if (error instanceof TileUpstreamError) {
        request.log.warn({ err: error }, 'map tile provider failed');
        throw new AppError(502, 'MAP_UNAVAILABLE', 'The map service is not available right now.');
      }
      throw error;
    }
  });
}
