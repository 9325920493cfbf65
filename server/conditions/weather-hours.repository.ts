import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { WeatherHour } from './past-weather.provider.ts';

/** One cell's hours of one UTC day as kept: readings for hours after `fetchedAt` were forecasts then. */
export interface KeptDay {
  hours: WeatherHour[];
  fetchedAt: string;
}

/**
 * The provider's hourly answers kept per ~1 km cell and UTC day (`weather_hours`), shared by the jobs that read
 * the weather of past moments (a catch's, a trip's hours): a day one of them fetched is not asked for again.
 */
export class WeatherHoursRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** The kept hours of a cell and UTC day, or null. */
  async keptDay(cell: string, day: string): Promise<KeptDay | null> {
    const row = await this.db
      .selectFrom('weather_hours')
      .select(['hours', 'fetched_at'])
      .where('cell', '=', cell)
      .where('day', '=', day)
      .executeTakeFirst();
    return row ? { hours: JSON.parse(row.hours) as WeatherHour[], fetchedAt: row.fetched_at } : null;
  }

  /** Keeps (or replaces with a newer answer) the hours of a cell and UTC day. */
  async keepDay(cell: string, day: string, kept: KeptDay): Promise<void> {
    const values = { hours: JSON.stringify(kept.hours), fetched_at: kept.fetchedAt };
    await this.db
      .insertInto('weather_hours')
      .values({ cell, day, ...values })
      .onConflict((conflict) => conflict.columns(['cell', 'day']).doUpdateSet(values))
      .execute();
  }

  /** Keeps one provider answer day by day into `kept` and the table: each of `days` gets its own hours. */
  async keepAnswer(
    cell: string,
    days: readonly string[],
    hours: readonly WeatherHour[],
    fetchedAt: string,
    kept: Map<string, KeptDay | null>,
  ): Promise<void> {
    for (const day of days) {
      const entry = { hours: hours.filter((hour) => hour.time.startsWith(day)), fetchedAt };
      await this.keepDay(cell, day, entry);
      kept.set(day, entry);
    }
  }
}

/**
 * The reading of an hour from the kept days, only when that hour had begun when its day was fetched: a day fetched
 * before it was over holds forecasts for its later hours, never served (a later question fetches the day again).
 */
export function keptReading(
  kept: ReadonlyMap<string, KeptDay | null>,
  hour: string,
): WeatherHour | undefined {
  const day = kept.get(hour.slice(0, 10));
  if (!day || hour > day.fetchedAt) return undefined;
  return day.hours.find((entry) => entry.time === hour);
}

/** Whether the kept days answer an hour (its reading, or the provider's lack of one), so no call is needed for it. */
export function hourKept(kept: ReadonlyMap<string, KeptDay | null>, hour: string): boolean {
  const day = kept.get(hour.slice(0, 10));
  return day !== null && day !== undefined && hour <= day.fetchedAt;
}
