// The worker thread that builds the tide index (tide-index.ts, buildTideIndexInWorker): it imports the tide
// database package, hands the index bytes back and ends, taking the package's memory with it.
import { parentPort } from 'node:worker_threads';
import { buildTideIndexBytes } from './tide-index.ts';

const bytes = await buildTideIndexBytes();
parentPort?.postMessage(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
