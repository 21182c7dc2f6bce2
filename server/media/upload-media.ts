import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { isPlatformId } from '../../shared/platforms/ids.js';
import type { MediaDto } from '../../shared/posts/api.js';
import { truncateText } from '../../shared/text/truncate.js';
import { AppError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import type { AppDeps } from '../http/types.js';
import {
  checkMediaFile,
  MAX_UPLOAD_BYTES,
  type MediaCheckContext,
  mediaKind,
  safeFileName,
  sizeLimitMessage,
} from './media-checks.js';
import { toMediaDto } from './media-dto.js';
import { assertFitsQuota, quotaMessage, remainingQuota } from './media-quota.js';
import { mediaDirectory, relativeStoragePath } from './media-storage.js';
import { sniffFileType, sniffHead } from './sniff-media-type.js';
import { storeMedia } from './store-media.js';

const HEAD_BYTES = 4100;

/** Thrown inside the stream to stop an upload with the user's message. */
class UploadRefused extends Error {
  constructor(
    message: string,
    readonly status: 'validation_error' | 'payload_too_large' = 'validation_error',
  ) {
    super(message);
  }
}

interface Fields {
  platform: MediaCheckContext['platform'];
  postType: string | null;
  pasted: boolean;
}

/**
 * `POST /api/media`: streams the multipart `file` part to DATA_DIR/media/<user>/<id>-<name>,
 * stopping (and deleting the partial file) as soon as it passes its cap, then decides the type
 * from the bytes and checks it against the platform's rules. Send `platform`, `postType` and
 * `pasted` BEFORE the file so the platform's own cap applies while streaming; without them
 * the largest cap applies while streaming and the platform's rules once the file is complete.
 */
export async function uploadMedia(deps: AppDeps, userId: string, request: Request): Promise<MediaDto> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    throw new AppError('unsupported_media_type', 'Please upload the file as multipart/form-data.');
  }
  const quotaLeft = await remainingQuota(deps, userId);
  const dir = mediaDirectory(deps.config, userId);
  await fs.promises.mkdir(dir, { recursive: true });

  const fields: Fields = { platform: null, postType: null, pasted: false };
  const source = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send file names as raw UTF-8.
      defParamCharset: 'utf8',
      limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12, fileSize: MAX_UPLOAD_BYTES + 1 },
    });
  } catch {
    throw new AppError('validation_error', 'The upload could not be read.', { field: 'file' });
  }

  let saved: Promise<ReceivedFile> | null = null;
  let partialPath: string | null = null;
  const cleanup = async () => {
    if (partialPath) await fs.promises.rm(partialPath, { force: true });
  };

  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => {
      if (name === 'platform' && isPlatformId(value)) fields.platform = value;
      if (name === 'postType' && value) fields.postType = value.slice(0, 40);
      if (name === 'pasted') fields.pasted = value === '1' || value === 'true';
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || saved) {
        stream.resume();
        return;
      }
      const id = newId();
      const originalName = truncateText(info.filename || 'file', 255, { unit: 'utf16' });
      const fileName = safeFileName(originalName);
      const storagePath = relativeStoragePath(userId, id, fileName);
      const target = path.join(dir, `${id}-${fileName}`);
      partialPath = target;
      // `fields` is shared: the early cap uses what arrived before the file; the final check, everything.
      saved = receiveFile({
        id,
        userId,
        originalName,
        fileName,
        storagePath,
        target,
        context: fields,
        stream,
        quota: { bytes: quotaLeft, message: quotaMessage(deps) },
      });
      // A refused or failed file stops the whole request.
      saved.catch((error) => {
        source.unpipe(parser);
        source.destroy();
        reject(error);
      });
    });
    parser.on('error', reject);
    parser.on('close', resolve);
  });
  // A client that goes away mid-upload must not leave the parser waiting, the file open or a
  // partial file behind: destroying busboy destroys the file stream, whose failure ends the
  // request below and removes the partial file.
  const abort = (error: Error) => {
    if (!parser.destroyed) parser.destroy(error);
  };
  source.on('error', abort);
  request.signal?.addEventListener(
    'abort',
    () => {
      source.destroy();
      abort(new Error('The upload was aborted.'));
    },
    { once: true },
  );
  source.pipe(parser);

  try {
    await parsed;
    if (!saved) throw new AppError('validation_error', 'Please choose a file to upload.', { field: 'file' });
    return await saveMedia(deps, await saved, fields);
  } catch (error) {
    // Wait for the file stream to close (it may still be opening) before removing what it wrote.
    await (saved as Promise<ReceivedFile> | null)?.catch(() => undefined);
    await cleanup();
    if (error instanceof UploadRefused) {
      throw new AppError(error.status, error.message, { field: 'file' });
    }
    if (error instanceof AppError) throw error;
    deps.logger.warn('media upload failed', { userId, error });
    throw new AppError('validation_error', 'The upload could not be completed. Please try again.', {
      field: 'file',
    });
  }
}

interface ReceivedFile {
  id: string;
  userId: string;
  originalName: string;
  fileName: string;
  storagePath: string;
  target: string;
  size: number;
}

/** Streams the part to disk, stopping at the largest cap or, when the platform is already known, at its cap. */
async function receiveFile(
  file: Omit<ReceivedFile, 'size'> & {
    context: MediaCheckContext;
    stream: Readable;
    quota: { bytes: number; message: string };
  },
) {
  const { context, originalName, quota } = file;
  let size = 0;
  let head = Buffer.alloc(0);
  let early: { mimeType: string } | null = null;
  let sniffedHead = false;

  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      void (async () => {
        if (!sniffedHead) {
          head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          if (head.length >= HEAD_BYTES) {
            sniffedHead = true;
            early = await sniffHead(head, originalName);
          }
        }
        if (size > MAX_UPLOAD_BYTES) throw new UploadRefused(sizeLimitMessage(context, originalName));
        if (size > quota.bytes) throw new UploadRefused(quota.message, 'payload_too_large');
        // Stop as soon as the platform's cap for this kind of file is passed: a check that fails
        // now but passed for an empty file of the same type is a size refusal.
        const mimeType = early?.mimeType;
        if (!mimeType) return;
        const message = checkMediaFile(context, { name: originalName, mimeType, size });
        if (message && !checkMediaFile(context, { name: originalName, mimeType, size: 0 })) {
          throw new UploadRefused(message);
        }
      })().then(() => callback(null, chunk), callback);
    },
  });
  file.stream.on('limit', () => meter.destroy(new UploadRefused(sizeLimitMessage(context, originalName))));

  await pipeline(file.stream, meter, fs.createWriteStream(file.target, { flags: 'wx', mode: 0o600 }));
  const { context: _context, stream: _stream, quota: _quota, ...rest } = file;
  return { ...rest, size };
}

/** The complete file: its type from the content, the platform's rules with every field, then the row. */
async function saveMedia(deps: AppDeps, file: ReceivedFile, context: MediaCheckContext): Promise<MediaDto> {
  const { originalName, size } = file;
  if (size === 0) throw new UploadRefused('The file is empty.');
  const sniffed = await sniffFileType(file.target, originalName);
  const mimeType = sniffed?.mimeType ?? '';
  const refusal = checkMediaFile(context, { name: originalName, mimeType, size });
  if (refusal || !sniffed) {
    throw new UploadRefused(
      refusal ?? checkMediaFile(context, { name: originalName, mimeType: '', size: 0 })!,
    );
  }
  await assertFitsQuota(deps, file.userId, size);
  const row = {
    id: file.id,
    userId: file.userId,
    fileName: file.fileName,
    originalName,
    mimeType: sniffed.mimeType,
    kind: mediaKind(sniffed.mimeType),
    sizeBytes: size,
    storagePath: file.storagePath,
    createdAt: Date.now(),
  };
  await storeMedia(deps, row, file.target);
  return toMediaDto(row);
}
