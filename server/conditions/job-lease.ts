import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';

/**
 * Which process runs a background job, when several run against one database: a row in `job_leases` naming the
 * holder until when. Taking and renewing are each one statement (an insert that does nothing on conflict, then an
 * update that only matches while the lease is ours or has expired), so two processes can never both hold it, on
 * SQLite as on PostgreSQL.
 */
export class JobLease {
  private readonly db: Kysely<Database>;
  private readonly name: string;
  private readonly holder: string;
  private readonly clock: Clock;
  private readonly lengthMs: number;

  constructor(options: {
    db: Kysely<Database>;
    name: string;
    clock: Clock;
    lengthMs: number;
  }) {
    this.db = options.db;
    this.name = options.name;
    // Each object is its own holder, even beside another in the same process (two app instances in a test).
    this.holder = `${hostname()}:${process.pid}:${randomUUID()}`;
    this.clock = options.clock;
    this.lengthMs = options.lengthMs;
  }

  /** Takes the lease or renews ours for another `lengthMs`; false while another holder's has not expired. */
  async hold(): Promise<boolean> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.lengthMs).toISOString();
    const inserted = await this.db
      .insertInto('job_leases')
      .values({ name: this.name, holder: this.holder, expires_at: expiresAt })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
    const updated = await this.db
      .updateTable('job_leases')
      .set({ holder: this.holder, expires_at: expiresAt })
      .where('name', '=', this.name)
      .where((eb) => eb.or([eb('holder', '=', this.holder), eb('expires_at', '<', now.toISOString())]))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /** Gives the lease up (on close), so another process takes over at once instead of after the expiry. */
  async release(): Promise<void> {
    await this.db
      .deleteFrom('job_leases')
      .where('name', '=', this.name)
      .where('holder', '=', this.holder)
      .execute();
  }
}
