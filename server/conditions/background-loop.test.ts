import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackgroundLoop } from './background-loop.ts';

const INTERVAL_MS = 60 * 60 * 1000;

interface Result {
  more: boolean;
}

/** A pass the test ends when it likes. */
interface ControlledPass {
  finish(more: boolean): void;
  fail(error: Error): void;
}

describe('the background loop of a job', () => {
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  /** Every wake-up the loop asked for: after how long, and its timer. */
  let scheduled: { delayMs: number; timer: NodeJS.Timeout }[];
  /** The wake-ups called off. */
  let cleared: Set<unknown>;
  let passes: ControlledPass[];
  let running: number;
  let mostRunning: number;
  /** What happened, in order: pass starts and ends, and the lease given up. */
  let events: string[];
  let releaseFails: boolean;
  let warn: ReturnType<typeof vi.fn>;
  let loop: BackgroundLoop<Result>;
  let watchers: (() => void)[];

  /** Resolves once `condition` holds: checked again at every pass start and end, wake-up asked for and release. */
  function until(condition: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!condition()) return;
        watchers = watchers.filter((watcher) => watcher !== check);
        resolve();
      };
      watchers.push(check);
      check();
    });
  }
  function changed(): void {
    for (const watcher of [...watchers]) watcher();
  }
  /** Lets every promise callback queued by now (and those they queue) run: no pass can be half-way through it. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  beforeEach(() => {
    scheduled = [];
    cleared = new Set();
    passes = [];
    running = 0;
    mostRunning = 0;
    events = [];
    releaseFails = false;
    watchers = [];
    warn = vi.fn();
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, delayMs: number) => {
      const timer = realSetTimeout(callback, delayMs);
      scheduled.push({ delayMs, timer });
      // Seen once the loop is done with it (unref'd it), as every other change.
      queueMicrotask(changed);
      return timer;
    }) as unknown as typeof setTimeout);
    vi.spyOn(globalThis, 'clearTimeout').mockImplementation((timer) => {
      cleared.add(timer);
      realClearTimeout(timer);
    });
    loop = new BackgroundLoop<Result>({
      pass: () => {
        const number = passes.length + 1;
        running++;
        mostRunning = Math.max(mostRunning, running);
        events.push(`pass ${number}`);
        return new Promise<Result>((resolve, reject) => {
          const end = () => {
            running--;
            events.push(`pass ${number} ended`);
            queueMicrotask(changed);
          };
          passes.push({
            finish: (more) => {
              end();
              resolve({ more });
            },
            fail: (error) => {
              end();
              reject(error);
            },
          });
          changed();
        });
      },
      again: (result) => result.more,
      lease: {
        release: async () => {
          events.push('lease released');
          changed();
          if (releaseFails) throw new Error('the database is gone');
        },
      },
      log: { warn } as never,
      failure: 'test job pass failed',
    });
  });
  afterEach(async () => {
    for (const pass of passes) pass.finish(false);
    await loop.stop();
    vi.restoreAllMocks();
  });

  const delays = () => scheduled.map((wakeUp) => wakeUp.delayMs);

  it('runs a pass at start, then waits the interval, on timers that never keep the process alive', async () => {
    loop.start(INTERVAL_MS);
    await until(() => passes.length === 1);
    expect(delays()).toEqual([0]);
    passes[0]?.finish(false);
    await until(() => scheduled.length === 2);
    expect(delays()).toEqual([0, INTERVAL_MS]);
    expect(scheduled.map((wakeUp) => wakeUp.timer.hasRef())).toEqual([false, false]);

    // Started once only.
    loop.start(1);
    await settle();
    expect(delays()).toEqual([0, INTERVAL_MS]);
    expect(passes).toHaveLength(1);
  });

  it('waits the first-pass delay at start, unless woken sooner', async () => {
    loop.start(INTERVAL_MS, 5000);
    await until(() => scheduled.length === 1);
    expect(delays()).toEqual([5000]);
    await settle();
    expect(passes).toHaveLength(0);
    // A catch saved meanwhile: the pass comes at once and the delayed one is called off.
    loop.wake();
    await until(() => passes.length === 1);
    expect(delays()).toEqual([5000, 0]);
    expect(cleared.has(scheduled[0]?.timer)).toBe(true);
  });

  it('runs the next pass at once while a pass leaves more work ready', async () => {
    loop.start(INTERVAL_MS);
    await until(() => passes.length === 1);
    passes[0]?.finish(true);
    await until(() => passes.length === 2);
    passes[1]?.finish(false);
    await until(() => scheduled.length === 3);
    expect(delays()).toEqual([0, 0, INTERVAL_MS]);
  });

  it('runs a pass at once when woken between passes', async () => {
    loop.start(INTERVAL_MS);
    await until(() => passes.length === 1);
    passes[0]?.finish(false);
    await until(() => scheduled.length === 2);
    loop.wake();
    await until(() => passes.length === 2);
    expect(delays()).toEqual([0, INTERVAL_MS, 0]);
    // The wake-up at the interval is called off, not added to.
    expect(cleared.has(scheduled[1]?.timer)).toBe(true);
  });

  it('woken during a pass, runs one more right after it, never beside it, and then waits again', async () => {
    loop.start(INTERVAL_MS);
    await until(() => passes.length === 1);
    loop.wake();
    loop.wake();
    await settle();
    expect(delays()).toEqual([0]);
    passes[0]?.finish(false);
    await until(() => passes.length === 2);
    expect(delays()).toEqual([0, 0]);
    expect(mostRunning).toBe(1);
    // The wakes were for the pass just run: the one after it waits the interval.
    passes[1]?.finish(false);
    await until(() => scheduled.length === 3);
    expect(delays()).toEqual([0, 0, INTERVAL_MS]);
    expect(passes).toHaveLength(2);
  });

  it('runs nothing when woken before start or after stop', async () => {
    loop.wake();
    await settle();
    expect(scheduled).toHaveLength(0);
    expect(passes).toHaveLength(0);

    loop.start(INTERVAL_MS);
    await until(() => passes.length === 1);
    passes[0]?.finish(false);
    await until(() => scheduled.length === 2);
    await loop.stop();
    // The wake-up at the interval is called off too.
    expect(cleared.has(scheduled[1]?.timer)).toBe(true);
    loop.wake();
    await settle();
    expect(scheduled).toHaveLength(2);
    expect(passes).toHaveLength(1);
  });

  it('logs a failed pass and goes on: the next one comes after the interval, or at once when woken', async () => {
    loop.start(INTERVAL_MS);
    await until(() => passes.length === 1);
    const error = new Error('the provider is down');
    passes[0]?.fail(error);
    await until(() => scheduled.length === 2);
    expect(delays()).toEqual([0, INTERVAL_MS]);
    expect(warn).toHaveBeenCalledExactlyOnceWith({ err: error }, 'test job pass failed');
    loop.wake();
    await until(() => passes.length === 2);
  });

  it('stop() waits for the pass under way, then gives the lease up, and starts no pass after it', async () => {
    loop.start(INTERVAL_MS);
    await until(() => passes.length === 1);
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    expect(events).toEqual(['pass 1']);
    // Even a pass that leaves more work ready is the last.
    passes[0]?.finish(true);
    await stopping;
    expect(events).toEqual(['pass 1', 'pass 1 ended', 'lease released']);
    await settle();
    expect(delays()).toEqual([0]);
    expect(passes).toHaveLength(1);
  });

  it('stop() ends even when the lease cannot be given up', async () => {
    releaseFails = true;
    loop.start(INTERVAL_MS);
    await until(() => passes.length === 1);
    passes[0]?.finish(false);
    await loop.stop();
    expect(events).toContain('lease released');
  });

  it('runs the passes asked for by hand one after another; a failed one does not hold up the next', async () => {
    const first = loop.runOnce();
    const second = loop.runOnce();
    await until(() => passes.length === 1);
    await settle();
    expect(passes).toHaveLength(1);
    const error = new Error('the provider is down');
    passes[0]?.fail(error);
    await expect(first).rejects.toBe(error);
    await until(() => passes.length === 2);
    passes[1]?.finish(true);
    await expect(second).resolves.toEqual({ more: true });
    // By hand, nothing is scheduled.
    expect(scheduled).toHaveLength(0);
  });
});
