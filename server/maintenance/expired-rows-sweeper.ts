import type { FastifyBaseLogger } from 'fastify';
import type { SessionRepository } from '../auth/session.repository.ts';
import type { Clock } from '../clock.ts';
import type { DatabaseRateLimiter } from '../rate-limit/rate-limit.repository.ts';

/** How often the app sweeps by default: rows that are merely dead cost nothing until there are very many. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface SweepResult {
  sessions: number;
  rateLimitRows: number;
}

export interface SweeperDependencies {
  sessions: SessionRepository;
  rateLimiter: DatabaseRateLimiter;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Deletes what can never be used again: sessions past their idle or absolute expiry (a session is only deleted
 * on use or logout otherwise, so abandoned ones piled up forever) and rate-limit counters whose window is long
 * over. The app starts it when ready and stops it on close (server/app.ts).
 */
export class ExpiredRowsSweeper {
  private readonly deps: SweeperDependencies;
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;

  constructor(deps: SweeperDependencies) {
    this.deps = deps;
  }

  async sweepOnce(): Promise<SweepResult> {
    const sessions = await this.deps.sessions.deleteExpired(this.deps.clock.now());
    const rateLimitRows = await this.deps.rateLimiter.deleteExpired();
    return { sessions, rateLimitRows };
  }

  /** Sweeps every `intervalMs` (never two sweeps at once) until stop(). Does not keep the process alive. */
  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.inFlight) return;
      this.inFlight = this.sweepOnce()
        .then((removed) => {
          if (removed.sessions + removed.rateLimitRows > 0)
            this.deps.log.info({ removed }, 'swept expired rows');
        })
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'sweeping expired rows failed'))
        .finally(() => {
          this.inFlight = null;
        });
    }, intervalMs);
    this.timer.unref();
  }

  /** No sweep starts after this; resolves once a sweep under way has finished (before the database closes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.inFlight;
  }
}
