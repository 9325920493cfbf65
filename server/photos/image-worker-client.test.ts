import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ImageJobQueue, QueueFullError } from './image-job-queue.ts';
import { processPhoto } from './image-pipeline.ts';
import { ImageWorker, ImageWorkerError } from './image-worker-client.ts';
import { PhotoRejectedError } from './photo-processing.ts';

// The server decodes uploads in a child process (decision 022): what it answers must be exactly what the pipeline
// answers in-process, refusals included, and the worker must cost the server nothing it did not cost before.

let photo: Buffer;
let bigPhoto: Buffer;
const workers: ImageWorker[] = [];
const newWorker = (options?: ConstructorParameters<typeof ImageWorker>[0]) => {
  const worker = new ImageWorker(options);
  workers.push(worker);
  return worker;
};
const queue = () => new ImageJobQueue({ concurrency: 1, maxWaiting: 8 });

beforeAll(async () => {
  const noise = (width: number, height: number) => {
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
    return sharp(pixels, { raw: { width, height, channels: 3 } });
  };
  photo = await noise(1200, 900).jpeg({ quality: 85 }).toBuffer();
  bigPhoto = await noise(6000, 4000).jpeg({ quality: 90 }).toBuffer();
}, 60_000);

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.close()));
});

/** Linux: a field of /proc/PID/stat (1-based, as in proc(5)). */
function statField(pid: number, field: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[field - 3] ?? '';
}

describe('ImageWorker', () => {
  it('answers byte for byte what the pipeline answers in-process', async () => {
    const worker = newWorker();
    const fromWorker = await worker.process(photo, queue());
    const inProcess = await processPhoto(photo);
    expect(fromWorker.width).toBe(inProcess.width);
    expect(fromWorker.height).toBe(inProcess.height);
    expect(Buffer.isBuffer(fromWorker.full)).toBe(true);
    expect(fromWorker.full.equals(inProcess.full)).toBe(true);
    expect(fromWorker.thumb.equals(inProcess.thumb)).toBe(true);
  }, 30_000);

  it('refuses as the pipeline does, at once even when the queue is full; a real photo then gets QueueFullError', async () => {
    const worker = newWorker();
    const full = new ImageJobQueue({ concurrency: 1, maxWaiting: 0 });
    let release = () => {};
    const blocker = full.run(() => new Promise<void>((resolve) => (release = resolve)));
    const refusal = await worker.process(Buffer.from('I caught a 12 lb pike!'), full).catch((e) => e);
    expect(refusal).toBeInstanceOf(PhotoRejectedError);
    expect(refusal).toMatchObject({
      code: 'not_an_image',
      status: 400,
      message: 'Only image files can be uploaded (JPEG, PNG, WebP, GIF, AVIF or TIFF)',
    });
    await expect(worker.process(photo, full)).rejects.toBeInstanceOf(QueueFullError);
    release();
    await blocker;
    expect((await worker.process(photo, full)).width).toBe(1200);
    // Damaged past its header: refused once decoding finds out.
    const truncated = await worker.process(photo.subarray(0, photo.length - 5000), full).catch((e) => e);
    expect(truncated).toBeInstanceOf(PhotoRejectedError);
    expect(truncated).toMatchObject({ code: 'damaged_image', message: 'The image is damaged or incomplete' });
  }, 30_000);

  it.runIf(process.platform === 'linux')(
    'runs at a lower CPU priority, with one malloc arena, and stops after a while without work',
    async () => {
      const worker = newWorker({ idleMs: 300 });
      expect(worker.pid).toBeUndefined(); // nothing runs until a photo comes
      await worker.process(photo, queue());
      const pid = worker.pid;
      if (pid === undefined) throw new Error('no worker');
      expect(Number(statField(pid, 19))).toBe(10); // nice
      expect(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=1');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(worker.pid).toBeUndefined();
      // The next photo starts a new one.
      expect((await worker.process(photo, queue())).width).toBe(1200);
      expect(worker.pid).not.toBe(pid);
    },
    30_000,
  );

  it('jobs that finish together leave one idle timer, which never stops a worker that has work again', async () => {
    // Before: each finishing call set the idle timer without clearing the one another call had just set, so two
    // answers read from the channel at once left a stray timer that stopped the worker under the next photo
    // ("The image worker stopped (exit code 0)": 1.3 % of uploads under load).
    // Well under the big photo's decode (~0.5 s on a quiet machine, more under load): at 500 ms a fast moment
    // made the photo finish first and the test prove nothing.
    const idleMs = 150;
    const worker = newWorker({ idleMs });
    const notAnImage = Buffer.from('I caught a 12 lb pike!');
    for (let round = 0; round < 3; round++) {
      // Refusals are answered at once: the worker sends their answers back to back, in one read for the server.
      const refusals = await Promise.all(
        Array.from({ length: 6 }, () => worker.process(notAnImage, queue()).catch((error) => error)),
      );
      for (const refusal of refusals) expect(refusal).toBeInstanceOf(PhotoRejectedError);
      const pid = worker.pid;
      // A photo that takes longer to decode than the idle time, started while the stray timer would be pending.
      const started = Date.now();
      await expect(worker.process(bigPhoto, queue())).resolves.toMatchObject({ width: 2048 });
      expect(Date.now() - started, 'the photo must outlast the idle time to prove anything').toBeGreaterThan(
        idleMs,
      );
      expect(worker.pid).toBe(pid);
    }
  }, 120_000);

  it('a worker that dies fails the photo it was working on, and the next photo gets a new worker', async () => {
    const worker = newWorker();
    await worker.process(photo, queue());
    const pid = worker.pid;
    if (pid === undefined) throw new Error('no worker');
    const dying = worker.process(bigPhoto, queue());
    // Killed while decoding (as the kernel's OOM killer or a crashing decoder would end it).
    setTimeout(() => process.kill(pid, 'SIGKILL'), 50);
    await expect(dying).rejects.toBeInstanceOf(ImageWorkerError);
    expect((await worker.process(photo, queue())).width).toBe(1200);
    expect(worker.pid).not.toBe(pid);
  }, 60_000);

  it('once closed, stops its process and takes no more photos', async () => {
    const worker = newWorker();
    await worker.process(photo, queue());
    const pid = worker.pid;
    if (pid === undefined) throw new Error('no worker');
    await worker.close();
    expect(() => process.kill(pid, 0)).toThrow();
    await expect(worker.process(photo, queue())).rejects.toBeInstanceOf(ImageWorkerError);
  }, 30_000);
});
