import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  /** What a server needs to keep its media in the bucket (S3_* variables). */
  env: Record<string, string>;
  /** The bucket's keys, for a test to look into. */
  keys(): string[];
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver, in this process, on a free loopback port) with one empty bucket
 * in a temporary directory. Its default credentials are S3RVER / S3RVER; it checks signatures.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-s3-'));
  const bucket = 'postloom-media';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const bucketDir = path.join(directory, bucket);
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'on',
    },
    keys: () =>
      fs.existsSync(bucketDir)
        ? (fs.readdirSync(bucketDir, { recursive: true }) as string[])
            .filter((entry) => entry.endsWith('._S3rver_object'))
            .map((entry) =>
              entry
                .replace(/\._S3rver_object$/, '')
                .split(path.sep)
                .join('/'),
            )
        : [],
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
