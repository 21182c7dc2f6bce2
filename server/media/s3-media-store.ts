import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3 from '@aws-sdk/client-s3';
import type { Config } from '../config.js';
import { newId } from '../core/ids.js';
import type { MediaStore } from './media-store-interface.js';

// Loaded when a bucket is configured: a server keeping media on its disk never needs the SDK,
// which would hold memory for as long as it runs.
const require = createRequire(import.meta.url);

/** Local copies for tools that need a path are removed after this long (a slow video upload included). */
const LOCAL_COPY_LIFETIME_MS = 60 * 60_000;

/**
 * Media in an S3-compatible bucket, through the AWS SDK: AWS S3, Cloudflare R2, MinIO, Garage,
 * Backblaze B2 and the like. Keys are the rows' storage paths. Checksums are sent and checked only
 * where the S3 API requires them: several S3-compatible stores refuse the SDK's default ones.
 */
export function createS3MediaStore(config: Config): MediaStore {
  const {
    DeleteObjectCommand,
    DeleteObjectsCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
  }: typeof S3 = require('@aws-sdk/client-s3');
  const bucket = config.S3_BUCKET as string;
  const client = new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Unset: the SDK's own chain (environment, instance role, ...).
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  const cacheDir = path.join(config.dataDir, 'media-cache');

  return {
    async save(storagePath, file, contentType) {
      const { size } = await fs.promises.stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: storagePath,
          Body: fs.createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
      await fs.promises.rm(file, { force: true });
    },
    async size(storagePath) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: storagePath }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async read(storagePath, range) {
      const object = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: storagePath,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return object.Body as Readable;
    },
    async remove(storagePath) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: storagePath }));
    },
    async removeUser(userId) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: `media/${userId}/`, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (keys.length > 0) {
          await client.send(
            new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
          );
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async localFile(storagePath) {
      await fs.promises.mkdir(cacheDir, { recursive: true, mode: 0o700 });
      const file = path.join(cacheDir, `${newId()}-${path.posix.basename(storagePath)}`);
      await pipeline(await this.read(storagePath), fs.createWriteStream(file, { mode: 0o600 }));
      setTimeout(
        () => fs.promises.rm(file, { force: true }).catch(() => undefined),
        LOCAL_COPY_LIFETIME_MS,
      ).unref();
      return file;
    },
  };
}

function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey';
}
