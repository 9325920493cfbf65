import type { Clock } from '../clock.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface WeatherBudgetLimits {
  /** Provider calls one user may cause per hour (readings already cached cost nothing). */
  perUserPerHour: number;
  /** Provider calls the whole server may make per minute and per day (Open-Meteo's free tier: 600 and 10,000). */
  perMinute: number;
  perDay: number;
}

/** Whose budget ran out. */
export type WeatherBudgetRefusal = 'user' | 'server';

class FixedWindow {
  startedAt = Number.NEGATIVE_INFINITY;
  used = 0;
  private readonly lengthMs: number;
  constructor(lengthMs: number) {
    this.lengthMs = lengthMs;
  }
  hasRoom(now: number, limit: number): boolean {
    return this.isOver(now) || this.used < limit;
  }
  isOver(now: number): boolean {
    return now - this.startedAt >= this.lengthMs;
  }
  take(now: number): void {
    if (this.isOver(now)) {
      this.startedAt = now;
      this.used = 0;
    }
    this.used++;
  }
}

/**
 * The weather provider's quota is one for the whole server (it counts our IP), so one angler must not be able to
 * spend it: each user may cause a few provider calls an hour, and the server makes at most so many a minute and a
 * day. In memory: the quota belongs to this process's outgoing address, and a check and its count happen in one
 * synchronous step, so concurrent requests cannot slip past it.
 */
export class WeatherBudget {
  private readonly limits: WeatherBudgetLimits;
  private readonly clock: Clock;
  private readonly minute = new FixedWindow(MINUTE_MS);
  private readonly day = new FixedWindow(DAY_MS);
  private readonly users = new Map<number, FixedWindow>();
  /** Lookups refused since start, by whose budget ran out (metrics). */
  readonly refused: Record<WeatherBudgetRefusal, number> = { user: 0, server: 0 };

  constructor(limits: WeatherBudgetLimits, clock: Clock) {
    this.limits = limits;
    this.clock = clock;
  }

  /** Takes one provider call for `userId` when every budget has room; otherwise takes nothing and says whose ran out. */
  take(userId: number): WeatherBudgetRefusal | null {
    const now = this.clock.now().getTime();
    let user = this.users.get(userId);
    if (!user) {
      this.forgetFinishedUserWindows(now);
      user = new FixedWindow(HOUR_MS);
      this.users.set(userId, user);
    }
    if (!user.hasRoom(now, this.limits.perUserPerHour)) return this.refuse('user');
    if (!this.minute.hasRoom(now, this.limits.perMinute) || !this.day.hasRoom(now, this.limits.perDay)) {
      return this.refuse('server');
    }
    user.take(now);
    this.minute.take(now);
    this.day.take(now);
    return null;
  }

  /**
   * Takes one provider call for a background job (no angler's own budget) when the server's calls in the current
   * minute and day, everyone's together, are below `share` of each limit; otherwise takes nothing. The rest of the
   * windows stays for anglers' live lookups.
   */
  takeShare(share: number): boolean {
    const now = this.clock.now().getTime();
    const below = (window: FixedWindow, limit: number) =>
      window.isOver(now) ? Math.floor(limit * share) > 0 : window.used < Math.floor(limit * share);
    if (!below(this.minute, this.limits.perMinute) || !below(this.day, this.limits.perDay)) return false;
    this.minute.take(now);
    this.day.take(now);
    return true;
  }

  /** The server's provider calls in the current minute and day, and what each allows (metrics). */
  usage(): { window: 'minute' | 'day'; used: number; limit: number }[] {
    const now = this.clock.now().getTime();
    return [
      {
        window: 'minute',
        used: this.minute.isOver(now) ? 0 : this.minute.used,
        limit: this.limits.perMinute,
      },
      { window: 'day', used: this.day.isOver(now) ? 0 : this.day.used, limit: this.limits.perDay },
    ];
  }

  private refuse(whose: WeatherBudgetRefusal): WeatherBudgetRefusal {
    this.refused[whose]++;
    return whose;
  }

  /** Keeps the per-user map to the users of the last hour. */
  private forgetFinishedUserWindows(now: number): void {
    if (this.users.size < 1000) return;
    for (const [userId, window] of this.users) {
      if (window.isOver(now)) this.users.delete(userId);
    }
  }
}
