import { describe, expect, it } from 'vitest';
import { ImageJobQueue, QueueFullError } from './image-job-queue.ts';

/** A job that runs until the test releases it, recording when it started. */
function controllableJob(name: string, started: string[]) {
  let release: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const job = () =>
    new Promise<string>((resolve, reject) => {
      started.push(name);
      release = resolve;
      fail = reject;
    });
  return { job, release: () => release(name), fail: (error: Error) => fail(error) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ImageJobQueue', () => {
  it('runs `concurrency` jobs at a time, the others in arrival order', async () => {
    const queue = new ImageJobQueue({ concurrency: 1, maxWaiting: 5 });
    const started: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => controllableJob(name, started));
    if (!a || !b || !c) throw new Error('jobs');
    const results = [queue.run(a.job), queue.run(b.job), queue.run(c.job)];
    await settle();
    expect(started).toEqual(['a']);
    expect(queue.size).toEqual({ running: 1, waiting: 2 });
    a.release();
    await settle();
    expect(started).toEqual(['a', 'b']);
    b.release();
    await settle();
    c.release();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a job at once when `maxWaiting` jobs already wait, and takes jobs again when there is room', async () => {
    const queue = new ImageJobQueue({ concurrency: 2, maxWaiting: 1 });
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((name) => controllableJob(name, started));
    const [a, b, c, d] = jobs;
    if (!a || !b || !c || !d) throw new Error('jobs');
    const running = [queue.run(a.job), queue.run(b.job), queue.run(c.job)];
    await settle();
    expect(queue.isFull).toBe(true);
    await expect(queue.run(d.job)).rejects.toBeInstanceOf(QueueFullError);
    expect(started).toEqual(['a', 'b']); // the refused job never ran

    a.release();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(queue.isFull).toBe(false);
    const late = queue.run(d.job);
    b.release();
    c.release();
    await settle();
    d.release();
    expect(await Promise.all([...running, late])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a failing job frees its slot for the next one', async () => {
    const queue = new ImageJobQueue({ concurrency: 1, maxWaiting: 1 });
    const started: string[] = [];
    const [a, b] = ['a', 'b'].map((name) => controllableJob(name, started));
    if (!a || !b) throw new Error('jobs');
    const failing = queue.run(a.job);
    const next = queue.run(b.job);
    await settle();
    a.fail(new Error('damaged image'));
    await expect(failing).rejects.toThrow('damaged image');
    await settle();
    expect(started).toEqual(['a', 'b']);
    b.release();
    expect(await next).toBe('b');
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });
});
