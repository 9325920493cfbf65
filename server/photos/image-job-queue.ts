/** Thrown by ImageJobQueue.run when as many jobs are already waiting as the queue holds. */
export class QueueFullError extends Error {
  constructor() {
    super('The image job queue is full');
    this.name = 'QueueFullError';
  }
}

export interface ImageJobQueueOptions {
  /** Jobs running at the same time. */
  concurrency: number;
  /** Jobs waiting for a free slot; one more is refused (QueueFullError) instead of queued. */
  maxWaiting: number;
}

/**
 * Decoding and re-encoding photos is the heaviest work the server does (up to a second of CPU and a couple of hundred
 * megabytes per photo). Run at once, a burst of uploads takes every core and every libuv thread, so other requests
 * (a stored photo read from disk, a login) wait behind them. Through this queue only `concurrency` jobs run at a time,
 * in arrival order, and a bounded number wait: beyond that the upload is refused at once (503 with Retry-After, see
 * photos.routes.ts) rather than holding its 20 MB body in memory for an unbounded time.
 */
export class ImageJobQueue {
  private readonly options: ImageJobQueueOptions;
  private readonly waiting: Array<() => void> = [];
  private running = 0;

  constructor(options: ImageJobQueueOptions) {
    this.options = options;
  }

  /** Jobs running now and jobs waiting for a slot. */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** True when a job submitted now would be refused. */
  get isFull(): boolean {
    return this.running >= this.options.concurrency && this.waiting.length >= this.options.maxWaiting;
  }

  /** Runs `job` when a slot is free; rejects with QueueFullError at once when the queue is full. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.options.concurrency) {
      this.running++;
    } else if (this.waiting.length >= this.options.maxWaiting) {
      throw new QueueFullError();
    } else {
      // A finishing job hands its slot straight to the first waiter (`running` stays as it is), so a job submitted
      // in between cannot take the slot too.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
