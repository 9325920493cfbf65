// Photos in an S3-compatible object store (AWS S3, Ceph radosgw, MinIO...) through the official AWS SDK v3.
// The server still serves the bytes itself (owner check, CSP, the service worker's cache): no URL of the store
// ever reaches a browser.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config/settings.ts';
import {
  distinctPhotoIds,
  type PhotoStore,
  PhotoStoreFullError,
  PhotoStoreUnavailableError,
  type PhotoVariant,
  photoObjectName,
  photoObjectNames,
} from './photo-store.ts';

/** How long the store may take before it counts as unreachable. */
export interface S3Timeouts {
  /** To open a TCP connection (a dead host or a black-holed port). */
  connectMs: number;
  /** From sending a request to its response's headers. */
  requestMs: number;
  /** Without a byte on the socket, once connected (a body that stalls half-way). */
  idleMs: number;
  /** For one operation, retries included: the longest an HTTP request of ours waits for the store. */
  operationMs: number;
  /** For the readiness check, which must answer a balancer quickly. */
  checkMs: number;
  /** Attempts per operation (the SDK retries connection errors, 5xx and throttling with backoff). */
  maxAttempts: number;
}

/** A dead store costs a request at most 15 s; the photos we move (≤ a few MB) take well under a second. */
export const DEFAULT_S3_TIMEOUTS: S3Timeouts = {
  connectMs: 3000,
  requestMs: 10_000,
  idleMs: 10_000,
  operationMs: 15_000,
  checkMs: 3000,
  maxAttempts: 3,
};

/** An S3 client for these settings: explicit credentials (no hunting through ~/.aws or instance metadata). */
export function createS3Client(settings: S3Settings, timeouts: S3Timeouts = DEFAULT_S3_TIMEOUTS): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    maxAttempts: timeouts.maxAttempts,
    requestHandler: {
      connectionTimeout: timeouts.connectMs,
      requestTimeout: timeouts.requestMs,
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.idleMs,
    },
    // Checksums only where the API demands them: the newer default (CRC32 on every upload and download) is not
    // understood by every S3-compatible store. The payload is still covered by the SigV4 signature's SHA-256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** S3 error codes that say "the service is struggling, try later" even when they are not 5xx. */
const TRANSIENT_SERVICE_ERRORS = new Set(['SlowDown', 'ServiceUnavailable', 'RequestTimeout', 'Throttling']);
/** Error codes with which S3-compatible stores refuse bytes beyond a quota. */
const QUOTA_ERRORS = new Set(['QuotaExceeded']);

/**
 * What an error of the SDK means for us. The service's own answers keep their error, except quotas (507) and
 * overload (503); an authentication failure or a missing bucket is a configuration mistake: a 500, logged.
 * Anything that never got an answer (refused, reset, timed out, aborted at our deadline) is an outage: 503.
 */
function translate(error: unknown, doing: string, deadlineMs: number): unknown {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode ?? 0;
    if (QUOTA_ERRORS.has(error.name))
      return new PhotoStoreFullError(`S3 ${doing}: ${error.name}`, { cause: error });
    if (status >= 500 || TRANSIENT_SERVICE_ERRORS.has(error.name)) {
      return new PhotoStoreUnavailableError(`S3 ${doing}: HTTP ${status} ${error.name}`, { cause: error });
    }
    return error;
  }
  if (error instanceof Error) {
    const what = error.name === 'AbortError' ? `no answer within ${deadlineMs} ms` : error.message;
    return new PhotoStoreUnavailableError(`S3 ${doing}: ${what}`, { cause: error });
  }
  return error;
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Photos as objects `3f/<id>.webp` and `3f/<id>.thumb.webp` in one bucket (photoObjectName, the disk layout).
 * The bucket must exist: the operator creates it (see docs/decisions/010-photos-in-s3.md).
 */
export class S3PhotoStore implements PhotoStore {
  readonly bucket: string;
  /** The SDK client (exposed for tests and operations tooling). */
  readonly client: S3Client;
  private readonly timeouts: S3Timeouts;

  constructor(settings: S3Settings, timeouts: S3Timeouts = DEFAULT_S3_TIMEOUTS) {
    this.bucket = settings.bucket;
    this.timeouts = timeouts;
    this.client = createS3Client(settings, timeouts);
  }

  /** Runs one SDK call under the operation's deadline and translates its failure. */
  private async call<T>(
    doing: string,
    action: (abortSignal: AbortSignal) => Promise<T>,
    deadlineMs = this.timeouts.operationMs,
  ): Promise<T> {
    try {
      return await action(AbortSignal.timeout(deadlineMs));
    } catch (error) {
      throw translate(error, doing, deadlineMs);
    }
  }

  async save(id: string, variant: PhotoVariant, data: Buffer): Promise<void> {
    const key = photoObjectName(id, variant);
    // S3 answers a PUT only once the object is stored in full: "durable when the promise resolves" holds.
    await this.call(`saving ${key}`, (abortSignal) =>
      this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: 'image/webp' }),
        { abortSignal },
      ),
    );
  }

  async read(id: string, variant: PhotoVariant): Promise<Buffer | null> {
    const key = photoObjectName(id, variant);
    try {
      return await this.call(`reading ${key}`, async (abortSignal) => {
        const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
          abortSignal,
        });
        if (!object.Body) return Buffer.alloc(0);
        return Buffer.from(await object.Body.transformToByteArray());
      });
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    // Deleting a key that is not there succeeds in S3 (204), so a second or concurrent remove is fine too.
    await Promise.all(
      photoObjectNames(id).map((key) =>
        this.call(`removing ${key}`, (abortSignal) =>
          this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal }),
        ),
      ),
    );
  }

  async *listPhotoIds(): AsyncIterable<string> {
    let token: string | undefined;
    let last = '';
    do {
      const page = await this.call(`listing bucket ${this.bucket}`, (abortSignal) =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }), {
          abortSignal,
        }),
      );
      // Keys come in order, a photo's two next to each other (perhaps across two pages).
      for (const id of distinctPhotoIds(
        (page.Contents ?? []).map((object) => object.Key ?? ''),
        last,
      )) {
        last = id;
        yield id;
      }
      token = page.NextContinuationToken;
    } while (token);
  }

  /**
   * One HeadBucket: the endpoint answers, our keys are accepted and the bucket exists. Throws a
   * PhotoStoreUnavailableError when the store does not answer within `checkMs`, the service's error otherwise
   * (NotFound: no such bucket; Forbidden: wrong keys).
   */
  async checkReachable(): Promise<void> {
    await this.call(
      `checking bucket ${this.bucket}`,
      (abortSignal) => this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal }),
      this.timeouts.checkMs,
    );
  }

  /** Closes the client's idle connections (tests; the server keeps its store for its whole life). */
  destroy(): void {
    this.client.destroy();
  }
}
