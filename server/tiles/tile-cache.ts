import type { Clock } from '../clock.ts';
import type { TileSourceSettings } from '../config/settings.ts';
import { fetchTile, type Tile } from './tile-source.ts';

/** Kept at least a week (OpenStreetMap's policy), whatever shorter max-age the provider sends. */
export const MIN_TILE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** And at most 30 days: maps change. */
const MAX_TILE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

interface Entry {
  tile: Tile;
  expiresAt: number;
}

/**
 * The server's tile cache (docs/decisions/016-map-tiles.md): in memory, least recently used first out, bounded in
 * bytes (MAP_TILE_CACHE_MB). Every instance keeps its own; a restart starts empty. Concurrent requests for one
 * tile share one provider call, so a map opening on ten phones at once asks the provider once.
 */
export class TileCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Tile>>();
  private bytes = 0;
  /** Provider calls made (tests and logs). */
  upstreamFetches = 0;

  readonly settings: TileSourceSettings;
  private readonly maxBytes: number;
  private readonly clock: Clock;

  constructor(settings: TileSourceSettings, maxBytes: number, clock: Clock) {
    this.settings = settings;
    this.maxBytes = maxBytes;
    this.clock = clock;
  }

  get sizeBytes(): number {
    return this.bytes;
  }

  /**
   * The tile, from the cache or the provider. `beforeFetch` runs only when this request is the one that asks the
   * provider (not for a kept tile, nor for one already being fetched), and may throw to refuse it.
   */
  async get(z: number, x: number, y: number, beforeFetch?: () => void): Promise<Tile> {
    const key = `${z}/${x}/${y}`;
    const entry = this.entries.get(key);
    const now = this.clock.now().getTime();
    if (entry && entry.expiresAt > now) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.tile;
    }
    const running = this.inFlight.get(key);
    if (running) return running;
    beforeFetch?.();
    const fetching = this.fetchAndKeep(key, z, x, y).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, fetching);
    return fetching;
  }

  private async fetchAndKeep(key: string, z: number, x: number, y: number): Promise<Tile> {
    this.upstreamFetches += 1;
    const tile = await fetchTile(this.settings, z, x, y);
    const ttlMs = Math.min(Math.max((tile.maxAgeSeconds ?? 0) * 1000, MIN_TILE_TTL_MS), MAX_TILE_TTL_MS);
    this.remove(key);
    if (tile.body.length <= this.maxBytes) {
      this.entries.set(key, { tile, expiresAt: this.clock.now().getTime() + ttlMs });
      this.bytes += tile.body.length;
      for (const [oldest] of this.entries) {
        if (this.bytes <= this.maxBytes) break;
        this.remove(oldest);
      }
    }
    return tile;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.tile.body.length;
  }
}
