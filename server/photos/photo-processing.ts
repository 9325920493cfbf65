// What processing an uploaded photo gives, and how it is refused: shared by the server's process, which never loads
// sharp (image-worker-client.ts), and the image worker that decodes (image-pipeline.ts, image-worker.ts).
import type { ImageJobQueue } from './image-job-queue.ts';

export type PhotoRejectionCode = 'not_an_image' | 'damaged_image' | 'image_too_large' | 'interlaced_image';

/** A refused upload: `message` is safe and meant for the user; `status` is the HTTP status to answer with. */
export class PhotoRejectedError extends Error {
  readonly status: number;
  readonly code: PhotoRejectionCode;

  constructor(code: PhotoRejectionCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PhotoRejectedError';
    this.status = 400;
    this.code = code;
  }
}

export interface ProcessedPhoto {
  /** WebP, longest side ≤ 2048 px, upright, no metadata. */
  full: Buffer;
  /** WebP, longest side ≤ 400 px, ≤ THUMB_MAX_BYTES. */
  thumb: Buffer;
  /** Dimensions of `full`. */
  width: number;
  height: number;
}

/**
 * Turns uploaded bytes into a ProcessedPhoto, or refuses them (PhotoRejectedError). The checks read the header
 * only and never wait for `queue`; the decoding and encoding run through it (QueueFullError when it is full).
 */
export interface PhotoProcessor {
  process(bytes: Uint8Array, queue: ImageJobQueue): Promise<ProcessedPhoto>;
  /** Stops whatever it runs on (the app's onClose). */
  close(): Promise<void>;
}
