import fs from 'node:fs';
import { FormData as UndiciFormData } from 'undici';
import { PlatformError, UNKNOWN_OUTCOME_MESSAGE } from '../../platforms/platform-error.js';
import type { PublishContext, PublishInput, PublishMedia } from '../platform-adapter.js';

/** Reads a stored file in consecutive chunks without holding the whole file in memory. */
export async function* readChunks(path: string, chunkSize: number): AsyncGenerator<Buffer> {
  const handle = await fs.promises.open(path, 'r');
  try {
    for (;;) {
      const buffer = Buffer.alloc(chunkSize);
      const { bytesRead } = await handle.read(buffer, 0, chunkSize, null);
      if (bytesRead === 0) return;
      yield bytesRead === chunkSize ? buffer : buffer.subarray(0, bytesRead);
      if (bytesRead < chunkSize) return;
    }
  } finally {
    await handle.close();
  }
}

/** Bytes `[start, end]` (inclusive) of a stored file. */
export async function readRange(path: string, start: number, end: number): Promise<Buffer> {
  const handle = await fs.promises.open(path, 'r');
  try {
    const length = end - start + 1;
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, start);
    return bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A Blob of the file (read lazily from disk) or of the given bytes, for multipart and upload bodies. */
export async function fileBlob(media: PublishMedia, bytes?: Buffer): Promise<Blob> {
  if (bytes) return new Blob([toBody(bytes)], { type: media.mimeType });
  return fs.openAsBlob(media.path, { type: media.mimeType });
}

/**
 * A multipart body for ctx.http, which sends with undici's own fetch: it only recognises undici's
 * FormData (Node's global one would be sent as the text "[object FormData]").
 */
export function multipartBody(fields: Record<string, string | { blob: Blob; fileName: string }>): BodyInit {
  const form = new UndiciFormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.set(key, value);
    else form.set(key, value.blob, value.fileName);
  }
  return form as unknown as BodyInit;
}

/** A copy of the bytes backed by a plain ArrayBuffer (what fetch bodies and Blobs accept). */
export function toBody(bytes: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}

/** Text as platforms compare it: NFC, one kind of line break, no surrounding blanks. */
export function normalizeText(text: string): string {
  return text.normalize('NFC').replace(/\r\n?/g, '\n').trim();
}

/**
 * A resend after a lost answer that the platform refuses as a duplicate: the first request may
 * well have made the post public, but the platform does not say where. Only the user can tell.
 */
export function duplicateAfterResend(
  ctx: PublishContext,
  error: unknown,
  isDuplicate: (message: string) => boolean,
) {
  if (
    ctx.progress.resentAfter !== undefined &&
    error instanceof PlatformError &&
    error.kind === 'permanent' &&
    isDuplicate(error.message)
  ) {
    return new PlatformError('unknown', UNKNOWN_OUTCOME_MESSAGE, {
      httpStatus: error.httpStatus,
      final: true,
    });
  }
  return error;
}

export function asString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Every part of a reply chain (X threads, Threads replies), the first one included. */
export function chainParts(input: PublishInput): Array<{ content: string; media: PublishMedia[] }> {
  return input.parts && input.parts.length > 0
    ? input.parts
    : [{ content: input.content, media: input.media }];
}

/** Ids of chain parts already public from earlier attempts (ctx.progress.parts). */
export function donePartIds(ctx: PublishContext): string[] {
  const parts = ctx.progress.parts;
  return Array.isArray(parts) ? parts.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Polls `check` until it returns a value, waiting `waitMs()` between checks, for at most `maxWaitMs`.
 * Past the bound nothing has been made public yet, so the attempt is retryable.
 */
export async function pollUntil<T>(
  ctx: PublishContext,
  options: { maxWaitMs: number; timeoutMessage: string },
  check: () => Promise<{ done: true; value: T } | { done: false; waitMs: number }>,
): Promise<T> {
  const deadline = Date.now() + options.maxWaitMs;
  for (;;) {
    const result = await check();
    if (result.done) return result.value;
    if (Date.now() + result.waitMs > deadline) throw new PlatformError('retryable', options.timeoutMessage);
    await ctx.sleep(result.waitMs);
  }
}
