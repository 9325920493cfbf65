// The image worker: a child process of the server (started by image-worker-client.ts) that inspects, decodes and
// re-encodes uploaded photos with sharp (image-pipeline.ts). Usage: node image-worker.ts NICENESS
//
// It lowers its own CPU priority first, so that on a busy machine the server's event loop (everyone's requests)
// is served before the photo work, and the photo work takes whatever CPU is left. It exits when the server goes
// away (the IPC channel closes).
import { readdirSync } from 'node:fs';
import module from 'node:module';
import os from 'node:os';
import type { WorkerReply, WorkerRequest } from './image-worker-client.ts';

const niceness = Number(process.argv[2] ?? 0);
// On Linux a priority belongs to a thread, and new threads inherit their creator's: every thread running now (V8's
// helpers) is lowered, and the threads sharp and libvips start later inherit the lowered priority of the main
// thread. Elsewhere the process's priority is the one that counts.
let threads: string[] = [];
try {
  threads = readdirSync('/proc/self/task');
} catch {
  // not Linux
}
for (const thread of threads.length > 0 ? threads.map(Number) : [0]) {
  try {
    os.setPriority(thread, niceness);
  } catch {
    // the thread ended meanwhile, or the system refuses: the work just runs at the server's priority
  }
}

module.enableCompileCache();
const { encodePhoto, inspectPhoto } = await import('./image-pipeline.ts');
const { PhotoRejectedError } = await import('./photo-processing.ts');

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  try {
    // Across the process boundary the bytes arrive as a Uint8Array.
    const inspected = await inspectPhoto(request.bytes, request.maxInputPixels);
    if (request.op === 'inspect') return { id: request.id, ok: true };
    const photo = await encodePhoto(inspected);
    return { id: request.id, ok: true, photo };
  } catch (error) {
    if (error instanceof PhotoRejectedError) {
      return { id: request.id, ok: false, rejected: { code: error.code, message: error.message } };
    }
    return { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

process.on('message', (request: WorkerRequest) => {
  void handle(request).then((reply) => process.send?.(reply));
});
process.on('disconnect', () => process.exit(0));
