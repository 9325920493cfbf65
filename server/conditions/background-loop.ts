import type { FastifyBaseLogger } from 'fastify';

interface BackgroundLoopOptions<Pass> {
  /** One pass of the job (it takes the job's lease itself: the loop only gives it up at stop()). */
  pass: () => Promise<Pass>;
  /** Whether the pass left more work ready (a full batch done, budget left): the next pass follows at once. */
  again: (pass: Pass) => boolean;
  lease: { release(): Promise<void> };
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** What the log says when a pass fails. */
  failure: string;
}

/**
 * When a background job's passes run: one at start, then one every interval, at once when woken or when a pass left
 * more work ready; never two at a time in this process. A failed pass is logged and the next one comes as usual.
 */
export class BackgroundLoop<Pass> {
  private readonly options: BackgroundLoopOptions<Pass>;
  private last: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private intervalMs = 0;
  private started = false;
  private passRunning = false;
  private wokenDuringPass = false;

  constructor(options: BackgroundLoopOptions<Pass>) {
    this.options = options;
  }

  /** One pass; passes in this process never overlap. */
  runOnce(): Promise<Pass> {
    const pass = this.last.then(() => this.options.pass());
    this.last = pass.catch(() => {});
    return pass;
  }

  /**
   * Runs a pass after `firstPassDelayMs` (at once when woken sooner), then every `intervalMs` (sooner while work
   * remains) until stop().
   */
  start(intervalMs: number, firstPassDelayMs = 0): void {
    if (this.started) return;
    this.started = true;
    this.intervalMs = intervalMs;
    this.schedule(firstPassDelayMs);
  }

  /** A pass within moments instead of at the next interval; right after the one under way, if any. */
  wake(): void {
    if (!this.started) return;
    if (this.passRunning) this.wokenDuringPass = true;
    else this.schedule(0);
  }

  /** No pass starts after this; waits for one under way, then gives the lease up for another instance. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.last;
    await this.options.lease.release().catch(() => {});
  }

  private schedule(delayMs: number): void {
    if (!this.started) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    // Never what keeps the process alive.
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    this.passRunning = true;
    this.wokenDuringPass = false;
    let again = false;
    try {
      again = this.options.again(await this.runOnce());
    } catch (error) {
      this.options.log.warn({ err: error }, this.options.failure);
    } finally {
      this.passRunning = false;
    }
    this.schedule(again || this.wokenDuringPass ? 0 : this.intervalMs);
  }
}
