import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.js';
import type { PictureStore, StoredPicture } from './picture-store.js';
import { isPictureKey, pictureType } from './picture-store.js';

/** The same header the shop serves pictures with, so a CDN in front of the bucket may cache them as long. */
const immutable = 'public, max-age=31536000, immutable';

/** True for the SDK's "no such object" answers (GetObject says NoSuchKey, HeadObject a bare 404). */
function notFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** The code storage-health reads as "the picture store cannot be reached": the answer is 503, not 500. */
export const pictureStoreUnavailable = 'PICTURE_STORE_UNAVAILABLE';

/** Any failure but "no such object": the bucket is down, unreachable, or refuses our keys. */
function unavailable(err: unknown): Error {
  return Object.assign(new Error('The picture store cannot be reached', { cause: err }), { code: pictureStoreUnavailable });
}

/**
 * Pictures in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO...), for shops whose
 * pictures outgrow the database or that want a CDN to read the bucket directly. The bucket must
 * exist: the shop never creates buckets (that takes rights a shop's keys should not have). Keys
 * are the picture keys under an optional prefix (`S3_PREFIX`), so one bucket can hold several shops.
 */
export class S3Store implements PictureStore {
  readonly kind = 's3' as const;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor(settings: S3Settings) {
    this.#bucket = settings.bucket;
    this.#prefix = settings.prefix;
    this.#client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: several S3-compatible services (older MinIO, R2
      // at times) refuse the newer default checksum headers and trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A bucket that stops answering fails a request in seconds instead of holding it open.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
    });
  }

  #key(key: string): string {
    return `${this.#prefix}${key}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    if (!isPictureKey(key)) throw new Error(`Not a picture key: ${key}`);
    try {
      await this.#client.send(
        new PutObjectCommand({ Bucket: this.#bucket, Key: this.#key(key), Body: bytes, ContentType: contentType, CacheControl: immutable }),
      );
    } catch (err) {
      throw unavailable(err);
    }
  }

  async get(key: string): Promise<StoredPicture | null> {
    if (!isPictureKey(key)) return null;
    try {
      const res = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }));
      if (!res.Body) return null;
      const bytes = await res.Body.transformToByteArray();
      return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: res.ContentType || pictureType };
    } catch (err) {
      if (notFound(err)) return null;
      throw unavailable(err);
    }
  }

  async has(key: string): Promise<boolean> {
    if (!isPictureKey(key)) return false;
    try {
      await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }));
      return true;
    } catch (err) {
      if (notFound(err)) return false;
      throw unavailable(err);
    }
  }

  async delete(key: string): Promise<void> {
    if (!isPictureKey(key)) return;
    try {
      await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }));
    } catch (err) {
      throw unavailable(err);
    }
  }

  async close(): Promise<void> {
    this.#client.destroy();
  }
}
