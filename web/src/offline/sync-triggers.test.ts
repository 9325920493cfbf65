import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlushOptions, FlushResult } from './sync/loop.ts';
import { createSyncScheduler } from './sync-triggers.ts';

const done = (nextAttemptAt: number | null = null): FlushResult => ({
  status: 'done',
  synced: 0,
  failed: 0,
  nextAttemptAt,
});

/** A flush whose runs the test finishes one by one. */
function controllableFlush() {
  const calls: FlushOptions[] = [];
  const pending: Array<(result: FlushResult) => void> = [];
  const flush = vi.fn((options: FlushOptions) => {
    calls.push(options);
    return new Promise<FlushResult>((resolve) => pending.push(resolve));
  });
  const finish = async (result: FlushResult) => {
    pending.shift()?.(result);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { flush, calls, finish };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sync scheduler', () => {
  it('runs one flush at a time and runs once more for requests made meanwhile', async () => {
    const { flush, calls, finish } = controllableFlush();
    const scheduler = createSyncScheduler({ flush, isOnline: () => true, now: Date.now });
    scheduler.request();
    scheduler.request();
    scheduler.request({ force: true });
    expect(calls).toEqual([{}]);
    await finish(done());
    expect(calls).toEqual([{}, { force: true }]);
    await finish(done());
    expect(calls).toHaveLength(2);
  });

  it('sets a timer for the earliest backoff, never shorter than 500 ms', async () => {
    const { flush, calls, finish } = controllableFlush();
    const scheduler = createSyncScheduler({ flush, isOnline: () => true, now: Date.now });
    scheduler.request();
    await finish(done(Date.now() + 4000));
    await vi.advanceTimersByTimeAsync(3999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await finish(done(Date.now() - 10));
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    scheduler.stop();
  });

  it('looks again shortly when another tab held the lock', async () => {
    const { flush, calls, finish } = controllableFlush();
    const scheduler = createSyncScheduler({ flush, isOnline: () => true, now: Date.now });
    scheduler.request();
    await finish({ ...done(), status: 'busy' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toHaveLength(2);
    scheduler.stop();
  });

  it('does not flush while the browser says offline, and asks to be woken by Background Sync', () => {
    const { flush } = controllableFlush();
    const onWaiting = vi.fn();
    const scheduler = createSyncScheduler({ flush, isOnline: () => false, onWaiting, now: Date.now });
    scheduler.request({ force: true });
    expect(flush).not.toHaveBeenCalled();
    expect(onWaiting).toHaveBeenCalledTimes(1);
  });

  it('retries an unreachable server on a growing schedule while the browser says online', async () => {
    const { flush, calls, finish } = controllableFlush();
    const scheduler = createSyncScheduler({ flush, isOnline: () => true, now: Date.now });
    scheduler.request();
    await finish({ ...done(), status: 'unreachable' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
    await finish({ ...done(), status: 'unreachable' });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    scheduler.stop();
  });

  it('waits for sign-in after a 401, and does nothing for nobody', async () => {
    const { flush, calls, finish } = controllableFlush();
    let signedIn = true;
    const scheduler = createSyncScheduler({
      flush,
      isOnline: () => true,
      enabled: () => signedIn,
      now: Date.now,
    });
    scheduler.request();
    await finish({ ...done(), status: 'signed-out' });
    signedIn = false;
    scheduler.request();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
  });

  it('survives a flush that throws, and tries again later', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const flush = vi.fn().mockRejectedValueOnce(new Error('IndexedDB is gone')).mockResolvedValue(done());
    const scheduler = createSyncScheduler({ flush, isOnline: () => true, now: Date.now });
    scheduler.request();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(flush).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledOnce();
    scheduler.stop();
  });
});
