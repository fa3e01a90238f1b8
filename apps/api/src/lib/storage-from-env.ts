import { join, resolve } from 'node:path';
import { loadEnv, type Env } from '../config/env';
import { localStorage, type Storage } from './storage';

export type StorageEnv = Pick<
  Env,
  'STORAGE' | 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

/**
 * The one place a storage is built from the configuration (server, worker, demo seed), so STORAGE=s3
 * holds for every writer. The AWS SDK is loaded only when used: it adds ~150 ms to every start.
 */
export async function storageFromEnv(env: StorageEnv): Promise<Storage> {
  if (env.STORAGE !== 's3') return localStorage(join(resolve(env.DATA_DIR), 'uploads'));
  // loadEnv has refused STORAGE=s3 without a bucket.
  if (!env.S3_BUCKET) throw new Error('S3_BUCKET: required when STORAGE=s3');
  const { s3Storage } = await import('./storage-s3');
  return s3Storage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
  });
}

/** For a tool that needs nothing but the storage (bench:data): the server's checks, on these variables only. */
export function storageEnvFrom(source: Record<string, string | undefined>): StorageEnv {
  return loadEnv(Object.fromEntries(Object.entries(source).filter(([k]) => k === 'DATA_DIR' || k === 'STORAGE' || k.startsWith('S3_'))));
}
