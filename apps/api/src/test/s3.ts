import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** s3rver's built-in key pair: other access key ids are refused (it does not check SigV4 signatures). */
const KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Variables that make the app use this bucket (STORAGE=s3 through storageFromEnv). */
  env: Record<string, string>;
  /** Keys in the bucket under `public/` or `private/`, listed through the S3 API. */
  list(area: 'public' | 'private'): Promise<string[]>;
  /** Stops the server; the files stay until `cleanup`. */
  stop(): Promise<void>;
  cleanup(): Promise<void>;
}

/**
 * A real S3 protocol server (s3rver) in this process, on a free loopback port, keeping its objects
 * in a temporary folder, with one empty bucket created through the S3 API.
 */
export async function startTestS3(bucket = 'tc-test-uploads'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'tc-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'auto', forcePathStyle: true, credentials: { accessKeyId: KEY, secretAccessKey: KEY } });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    client.destroy();
    await server.close();
  };
  return {
    endpoint,
    bucket,
    env: { STORAGE: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: KEY, S3_SECRET_ACCESS_KEY: KEY },
    async list(area) {
      const res = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${area}/` }));
      return (res.Contents ?? []).map((o) => o.Key!.slice(area.length + 1));
    },
    stop,
    async cleanup() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
