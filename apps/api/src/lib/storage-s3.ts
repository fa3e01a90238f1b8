import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { isStorageKey, type Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** Unset: AWS S3 itself. Cloudflare R2: https://<account>.r2.cloudflarestorage.com; MinIO: its URL. */
  endpoint?: string;
  /** `auto` suits R2; AWS needs the bucket's real region (eu-west-1, ...). */
  region?: string;
  /** Default: true with an endpoint (MinIO has no per-bucket host names), false on AWS. */
  forcePathStyle?: boolean;
  /** Unset: the SDK's default chain (AWS_* variables, shared config, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const MIME: Record<string, string> = { webp: 'image/webp', avif: 'image/avif', png: 'image/png', jpg: 'image/jpeg' };

/** The object's absence, as opposed to the store failing (a missing bucket is a misconfiguration: it throws). */
const isMissing = (e: unknown) =>
  e instanceof S3ServiceException && (e.name === 'NoSuchKey' || (e.$metadata.httpStatusCode === 404 && e.name !== 'NoSuchBucket'));

/**
 * Uploads in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO) shared by every instance, as
 * `public/<key>` and `private/<key>`. Objects get no ACL: the bucket stays private and public photos
 * are served by GET /api/files/:key, ID cards only by the admin route (docs/decisions/0012).
 */
export function s3Storage(opts: S3StorageOptions): Storage {
  const { bucket } = opts;
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region ?? 'auto',
    forcePathStyle: opts.forcePathStyle ?? !!opts.endpoint,
    credentials: opts.credentials,
    // Fail a dead connection in seconds rather than hold a request (or /api/ready) open.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
    // The SDK's extra CRC32 checksums are refused by some S3-compatible stores (R2 answered 501 for a
    // while); TLS and SigV4 already protect these small uploads. AWS itself keeps the defaults.
    ...(opts.endpoint ? ({ requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } as const) : {}),
  });
  const objectKey = (area: string, key: string) => `${area}/${key}`;

  return {
    async put(area, data, ext) {
      const key = `${randomUUID()}.${ext}`;
      if (!isStorageKey(key)) throw new Error('invalid storage key');
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(area, key), Body: data, ContentType: MIME[ext] }));
      return key;
    },
    async get(area, key) {
      if (!isStorageKey(key)) return undefined;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(area, key) }));
        if (!res.Body) return undefined;
        const bytes = await res.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (e) {
        if (isMissing(e)) return undefined;
        throw e;
      }
    },
    async remove(area, key) {
      if (!isStorageKey(key)) return;
      // S3 answers 204 whether or not the object existed: deleting twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(area, key) }));
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
