import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ConfigError, loadEnv } from '../config/env';
import { startTestS3, type TestS3 } from '../test/s3';
import { localStorage, type Storage } from './storage';
import { s3Storage } from './storage-s3';
import { storageFromEnv } from './storage-from-env';

let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  dir = mkdtempSync(join(tmpdir(), 'tc-storage-'));
});
afterAll(async () => {
  await s3.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const bytes = () => randomBytes(4096);
const unknownKey = () => `${randomUUID()}.webp`;

/** Each implementation, working, and one that cannot store (for ping). */
const implementations: { name: string; make: () => Storage; broken: () => Storage }[] = [
  {
    name: 'local disk',
    make: () => localStorage(join(dir, 'uploads')),
    // Root ignores permissions: a root under a regular file can never be created.
    broken: () => {
      const file = join(dir, 'not-a-folder');
      writeFileSync(file, 'x');
      return localStorage(join(file, 'uploads'));
    },
  },
  {
    name: 'S3 (s3rver)',
    make: () => s3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, credentials }),
    broken: () => s3Storage({ bucket: 'tc-no-such-bucket', endpoint: s3.endpoint, credentials }),
  },
];

describe.each(implementations)('storage contract: $name', ({ make, broken }) => {
  it('stores, reads back and removes a file; removing twice is fine', async () => {
    const storage = make();
    const data = bytes();
    const key = await storage.put('public', data, 'webp');
    expect(key).toMatch(/^[a-f0-9-]{36}\.webp$/);
    expect(Buffer.compare((await storage.get('public', key))!, data)).toBe(0);
    await storage.remove('public', key);
    expect(await storage.get('public', key)).toBeUndefined();
    await expect(storage.remove('public', key)).resolves.toBeUndefined();
  });

  it('answers undefined for a key it never stored', async () => {
    expect(await make().get('public', unknownKey())).toBeUndefined();
    expect(await make().get('private', unknownKey())).toBeUndefined();
  });

  it('keeps the public and private areas apart', async () => {
    const storage = make();
    const secret = bytes();
    const key = await storage.put('private', secret, 'webp');
    expect(await storage.get('public', key)).toBeUndefined();
    await storage.remove('public', key);
    expect(Buffer.compare((await storage.get('private', key))!, secret)).toBe(0);
    await storage.remove('private', key);
    expect(await storage.get('private', key)).toBeUndefined();
  });

  it('refuses keys it could not have made', async () => {
    const storage = make();
    const key = await storage.put('private', bytes(), 'webp');
    for (const bad of [`../private/${key}`, `private/${key}`, `${key}/`, 'x.webp', `${randomUUID()}.exe`, '']) {
      expect(await storage.get('public', bad), bad).toBeUndefined();
      await expect(storage.remove('public', bad)).resolves.toBeUndefined();
    }
    await storage.remove('private', '../public/x.webp');
    expect(await storage.get('private', key)).toBeDefined();
    await expect(storage.put('public', bytes(), 'exe')).rejects.toThrow('invalid storage key');
    await expect(storage.put('public', bytes(), 'webp/../../x')).rejects.toThrow('invalid storage key');
  });

  it('ping answers when the store works and throws when it cannot store', async () => {
    await expect(make().ping()).resolves.toBeUndefined();
    await expect(broken().ping()).rejects.toThrow();
  });
});

describe('S3 storage', () => {
  it('keys objects public/<key> and private/<key>, with the image type', async () => {
    const storage = s3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, credentials });
    const pub = await storage.put('public', bytes(), 'webp');
    const priv = await storage.put('private', bytes(), 'png');
    expect(await s3.list('public')).toContain(pub);
    expect(await s3.list('private')).toContain(priv);
    expect(await s3.list('public')).not.toContain(priv);
    const client = new S3Client({ endpoint: s3.endpoint, region: 'auto', forcePathStyle: true, credentials });
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `private/${priv}` }));
    expect(head.ContentType).toBe('image/png');
    client.destroy();
  });

  it('a read fails loudly (not as a missing file) when the bucket is missing or the server is down', async () => {
    const missingBucket = s3Storage({ bucket: 'tc-no-such-bucket', endpoint: s3.endpoint, credentials });
    await expect(missingBucket.get('public', unknownKey())).rejects.toThrow();
    const other = await startTestS3();
    const storage = s3Storage({ bucket: other.bucket, endpoint: other.endpoint, credentials });
    const key = await storage.put('public', bytes(), 'webp');
    await other.stop();
    await expect(storage.ping()).rejects.toThrow();
    await expect(storage.get('public', key)).rejects.toThrow();
    await other.cleanup();
  });

  it('the credentials are sent: an unknown access key is refused', async () => {
    const storage = s3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'x' } });
    await expect(storage.ping()).rejects.toThrow();
    await expect(storage.put('public', bytes(), 'webp')).rejects.toThrow('Access Key Id');
  });
});

describe('storage configuration', () => {
  it('is the local disk under DATA_DIR by default', async () => {
    const env = loadEnv({ DATA_DIR: dir });
    expect(env.STORAGE).toBe('local');
    const key = await (await storageFromEnv(env)).put('public', bytes(), 'webp');
    expect(await localStorage(join(dir, 'uploads')).get('public', key)).toBeDefined();
  });

  it('is the bucket with STORAGE=s3', async () => {
    const env = loadEnv({ DATA_DIR: dir, ...s3.env });
    expect(env).toMatchObject({ STORAGE: 's3', S3_REGION: 'auto' });
    const storage = await storageFromEnv(env);
    const key = await storage.put('public', bytes(), 'webp');
    expect(await s3.list('public')).toContain(key);
    expect(await localStorage(join(dir, 'uploads')).get('public', key)).toBeUndefined();
  });

  it('stops start-up with a clear message when the S3 settings do not fit together', () => {
    const problems = (source: Record<string, string>) => {
      try {
        loadEnv(source);
        return [];
      } catch (e) {
        if (e instanceof ConfigError) return e.problems;
        throw e;
      }
    };
    expect(problems({ STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual(['S3_BUCKET: required when STORAGE=s3']);
    expect(problems({ STORAGE: 's3', S3_BUCKET: 'fotos' })[0]).toMatch(/^S3_REGION: AWS S3 \(no S3_ENDPOINT\) needs the bucket's region/);
    expect(problems({ STORAGE: 's3', S3_BUCKET: 'fotos', S3_REGION: 'eu-west-1' })).toEqual([]);
    expect(problems({ S3_BUCKET: 'fotos' })[0]).toMatch(/^STORAGE: S3_BUCKET is set but STORAGE is not s3/);
    expect(problems({ STORAGE: 's3', S3_BUCKET: 'fotos', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'a' })[0]).toMatch(
      /^S3_SECRET_ACCESS_KEY: .* set together/,
    );
    expect(problems({ STORAGE: 'disco' })[0]).toBe('STORAGE: use local or s3');
    expect(
      problems({ STORAGE: 's3', S3_BUCKET: 'Fotos_Perfil', S3_ENDPOINT: 'ftp://x' })
        .map((p) => p.split(':')[0])
        .sort(),
    ).toEqual(['S3_BUCKET', 'S3_ENDPOINT']);
  });
});
