// Uploaded photos are decoded and re-encoded in a child process, the image worker (image-worker.ts), not in the
// server's own process (decision 022):
//  - the server never loads sharp and libvips (~25 MB and ~130 ms of every start), and what decoding leaves
//    behind (libvips' buffers, glibc's per-thread malloc arenas: the worker gets the server's MALLOC_ARENA_MAX, or 1) lives
//    and dies with the worker, which stops after IDLE_MS without work;
//  - the worker runs at a lower CPU priority (NICENESS), so on a busy machine the event loop that answers every
//    other request goes first and the photos take what is left;
//  - a decoder that crashes on a hostile file takes down the worker (that upload fails, the next one starts a new
//    worker), never the server.
// The queue (ImageJobQueue: one photo at a time, 8 waiting) stays in the server, as do the bodies waiting in it.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ImageJobQueue } from './image-job-queue.ts';
import {
  type PhotoProcessor,
  PhotoRejectedError,
  type PhotoRejectionCode,
  type ProcessedPhoto,
} from './photo-processing.ts';

/** What the server asks the worker: check the header only, or check and encode. */
export interface WorkerRequest {
  id: number;
  op: 'inspect' | 'encode';
  bytes: Uint8Array;
  maxInputPixels?: number;
}

export type WorkerReply =
  | { id: number; ok: true; photo?: ProcessedPhoto }
  | { id: number; ok: false; rejected?: { code: PhotoRejectionCode; message: string }; error?: string };

/** The worker is stopped after this long without a photo to process; the next upload starts it again. */
const DEFAULT_IDLE_MS = 30_000;
/** Lower priority than the server's (0): 10 gives the event loop ~10 times the CPU share of the photo work. */
const DEFAULT_NICENESS = 10;
const WORKER_FILE = fileURLToPath(new URL('./image-worker.ts', import.meta.url));

export class ImageWorkerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageWorkerError';
  }
}

interface Pending {
  resolve: (reply: WorkerReply) => void;
  reject: (error: Error) => void;
}

export class ImageWorker implements PhotoProcessor {
  private readonly idleMs: number;
  private readonly niceness: number;
  private readonly maxInputPixels: number | undefined;
  private child: ChildProcess | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  /** Calls started and not yet finished (awaiting the worker's answer, or its sending). */
  private calls = 0;
  private closed = false;

  constructor(options: { idleMs?: number; niceness?: number; maxInputPixels?: number } = {}) {
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.niceness = options.niceness ?? DEFAULT_NICENESS;
    this.maxInputPixels = options.maxInputPixels;
  }

  /** The worker's process id while it runs (tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async process(bytes: Uint8Array, queue: ImageJobQueue): Promise<ProcessedPhoto> {
    // The header checks never wait for the queue: a refusal is answered at once, however busy it is.
    await this.call('inspect', bytes);
    const reply = await queue.run(() => this.call('encode', bytes));
    if (!reply.ok || !reply.photo) throw new ImageWorkerError('The image worker answered without a photo');
    const { full, thumb, width, height } = reply.photo;
    // Across the process boundary Buffers arrive as Uint8Arrays.
    return {
      full: Buffer.from(full.buffer, full.byteOffset, full.byteLength),
      thumb: Buffer.from(thumb.buffer, thumb.byteOffset, thumb.byteLength),
      width,
      height,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopIdleTimer();
    await this.stop();
  }

  private async call(op: WorkerRequest['op'], bytes: Uint8Array): Promise<WorkerReply & { ok: true }> {
    if (this.closed) throw new ImageWorkerError('The image worker is closed');
    this.calls++;
    this.stopIdleTimer();
    const child = this.start();
    // While an answer is awaited the channel keeps the process alive; in between, nothing of the worker does.
    child.channel?.ref();
    const id = this.nextId++;
    const request: WorkerRequest = { id, op, bytes, maxInputPixels: this.maxInputPixels };
    try {
      const reply = await new Promise<WorkerReply>((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        child.send(request, (error) => {
          if (!error) return;
          this.pending.delete(id);
          reject(new ImageWorkerError(`The image worker could not be reached: ${error.message}`));
        });
      });
      if (reply.ok) return reply;
      if (reply.rejected) throw new PhotoRejectedError(reply.rejected.code, reply.rejected.message);
      throw new ImageWorkerError(`The image worker failed: ${reply.error ?? 'no reason given'}`);
    } finally {
      this.calls--;
      if (this.calls === 0 && !this.closed) {
        this.child?.channel?.unref();
        this.startIdleTimer();
      }
    }
  }

  /**
   * There is one idle timer at most: several calls finishing in the same turn (answers read from the channel at
   * once) each get here, and a second timer set over the first left that one running, to stop the worker under a
   * later photo. The timer also checks, when it fires, that no call has started since.
   */
  private startIdleTimer(): void {
    this.stopIdleTimer();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.calls === 0) void this.stop();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  private stopIdleTimer(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }

  private start(): ChildProcess {
    if (this.child) return this.child;
    const child = fork(WORKER_FILE, [String(this.niceness)], {
      execArgv: ['--disable-warning=ExperimentalWarning'],
      // One malloc arena instead of up to 8 per core: libvips' threads otherwise each keep what a burst of
      // decoding allocated (docs/decisions/008-storage-and-outages.md). The server's own value (launch.ts: 1, or
      // the operator's) is passed on.
      env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '1' },
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    child.on('error', () => {
      // 'exit' follows (or the send callback reports it): handled there.
    });
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      const failed = [...this.pending.values()];
      this.pending.clear();
      for (const waiting of failed) {
        waiting.reject(new ImageWorkerError(`The image worker stopped (${signal ?? `exit code ${code}`})`));
      }
    });
    // Nothing of the worker keeps the server's event loop alive.
    child.unref();
    child.channel?.unref();
    this.child = child;
    return child;
  }

  private async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Closing the channel ends it (image-worker.ts exits on 'disconnect'); a stuck one is killed.
    child.disconnect();
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  }
}
