import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { request } from 'undici';
import type { MediaDto } from '../../shared/posts/api.js';
import { truncateText } from '../../shared/text/truncate.js';
import { AppError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import {
  type AddressPolicy,
  pinnedAgent,
  type ResolvedTarget,
  refuseNonPublic,
  resolveTarget,
  TargetRefused,
} from '../core/pinned-request.js';
import type { AppDeps } from '../http/types.js';
import {
  checkMediaFile,
  MAX_UPLOAD_BYTES,
  mediaKind,
  safeFileName,
  sizeLimitMessage,
} from './media-checks.js';
import { toMediaDto } from './media-dto.js';
import { assertFitsQuota, quotaMessage, remainingQuota } from './media-quota.js';
import { mediaDirectory, relativeStoragePath } from './media-storage.js';
import { sniffFileType } from './sniff-media-type.js';
import { storeMedia } from './store-media.js';

const MAX_REDIRECTS = 5;
const CONNECT_TIMEOUT_MS = 10_000;
const HEADERS_TIMEOUT_MS = 10_000;
const BODY_TIMEOUT_MS = 60_000;

const FROM_URL_MESSAGES = {
  invalidUrl: 'Please enter a valid address.',
  protocol: 'Only http and https addresses can be fetched.',
  privateAddress: 'This address points to a private or local network and cannot be fetched.',
  unresolved: 'The address could not be resolved.',
  tooManyRedirects: 'The address redirected too many times.',
  timeout: 'The address took too long to answer.',
  unreachable: 'The file could not be downloaded from this address.',
  status: (status: number) => `The file could not be downloaded (HTTP ${status}).`,
} as const;

export type { AddressPolicy };

async function checkedTarget(url: URL, isRefused: AddressPolicy | null): Promise<ResolvedTarget> {
  try {
    return await resolveTarget(url, isRefused);
  } catch (error) {
    if (error instanceof TargetRefused) {
      refuse(error.reason === 'private' ? FROM_URL_MESSAGES.privateAddress : FROM_URL_MESSAGES.unresolved);
    }
    throw error;
  }
}

function refuse(message: string): never {
  throw new AppError('validation_error', message, { field: 'url' });
}

function parseUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    refuse(FROM_URL_MESSAGES.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') refuse(FROM_URL_MESSAGES.protocol);
  if (url.username || url.password) refuse(FROM_URL_MESSAGES.invalidUrl);
  return url;
}

function nameFromUrl(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // keep the raw segment
  }
  return truncateText(name || 'image', 255, { unit: 'utf16' });
}

function isTimeout(error: unknown): boolean {
  const code = (error as { code?: string; name?: string })?.code ?? '';
  const name = (error as { name?: string })?.name ?? '';
  return code.includes('TIMEOUT') || name === 'TimeoutError';
}

/**
 * `POST /api/media/from-url`: downloads an http(s) file into the user's media the way an
 * upload is stored: capped at the largest upload size while streaming, its type sniffed from
 * the bytes and checked with the same rules. Each hop (at most 5 redirects) is resolved and
 * checked (every special-purpose range, see core/addresses.ts) unless ALLOW_PRIVATE_MEDIA_URLS,
 * before connecting to exactly the address that was checked.
 */
export async function uploadFromUrl(
  deps: AppDeps,
  userId: string,
  rawUrl: string,
  options: { isRefused?: AddressPolicy } = {},
): Promise<MediaDto> {
  const isRefused = deps.config.ALLOW_PRIVATE_MEDIA_URLS ? null : (options.isRefused ?? refuseNonPublic);
  await remainingQuota(deps, userId);
  const deadline = AbortSignal.timeout(BODY_TIMEOUT_MS + HEADERS_TIMEOUT_MS);
  let url = parseUrl(rawUrl);

  for (let hop = 0; ; hop += 1) {
    const target = await checkedTarget(url, isRefused);
    const agent = pinnedAgent(target, {
      connect: CONNECT_TIMEOUT_MS,
      headers: HEADERS_TIMEOUT_MS,
      body: BODY_TIMEOUT_MS,
    });
    try {
      let response: Awaited<ReturnType<typeof request>>;
      try {
        response = await request(url, {
          method: 'GET',
          dispatcher: agent,
          signal: deadline,
          headers: { accept: 'image/*,video/*;q=0.9,*/*;q=0.5', 'user-agent': 'Postloom media fetcher' },
        });
      } catch (error) {
        refuse(isTimeout(error) ? FROM_URL_MESSAGES.timeout : FROM_URL_MESSAGES.unreachable);
      }
      const { statusCode, headers, body } = response;
      if (statusCode >= 300 && statusCode < 400 && headers.location) {
        body.resume();
        if (hop >= MAX_REDIRECTS) refuse(FROM_URL_MESSAGES.tooManyRedirects);
        const location = Array.isArray(headers.location) ? headers.location[0]! : headers.location;
        url = parseUrl(location, url);
        continue;
      }
      if (statusCode < 200 || statusCode >= 300) {
        body.resume();
        refuse(FROM_URL_MESSAGES.status(statusCode));
      }
      return await storeBody(deps, userId, nameFromUrl(url), body);
    } finally {
      void agent.close().catch(() => undefined);
    }
  }
}

async function storeBody(
  deps: AppDeps,
  userId: string,
  originalName: string,
  body: Readable,
): Promise<MediaDto> {
  const context = { platform: null, postType: null, pasted: false };
  const quotaLeft = await remainingQuota(deps, userId);
  const dir = mediaDirectory(deps.config, userId);
  await fs.promises.mkdir(dir, { recursive: true });
  const id = newId();
  const fileName = safeFileName(originalName);
  const target = path.join(dir, `${id}-${fileName}`);
  let size = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      // Stop reading as soon as the cap is passed: the rest is never downloaded.
      if (size > MAX_UPLOAD_BYTES)
        callback(new AppError('payload_too_large', sizeLimitMessage(context, originalName)));
      else if (size > quotaLeft) callback(new AppError('payload_too_large', quotaMessage(deps)));
      else callback(null, chunk);
    },
  });
  try {
    try {
      await pipeline(body, cap, fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      if (error instanceof AppError) throw error;
      refuse(isTimeout(error) ? FROM_URL_MESSAGES.timeout : FROM_URL_MESSAGES.unreachable);
    }
    if (size === 0) refuse('The file is empty.');
    const sniffed = await sniffFileType(target, originalName);
    const refusal = checkMediaFile(context, {
      name: originalName,
      mimeType: sniffed?.mimeType ?? '',
      size,
    });
    if (refusal || !sniffed) refuse(refusal ?? `File "${originalName}" is not a supported format.`);
    await assertFitsQuota(deps, userId, size);
    const row = {
      id,
      userId,
      fileName,
      originalName,
      mimeType: sniffed.mimeType,
      kind: mediaKind(sniffed.mimeType),
      sizeBytes: size,
      storagePath: relativeStoragePath(userId, id, fileName),
      createdAt: Date.now(),
    };
    await storeMedia(deps, row, target);
    return toMediaDto(row);
  } catch (error) {
    await fs.promises.rm(target, { force: true });
    if (!(error instanceof AppError)) deps.logger.warn('media fetch failed', { userId, error });
    throw error instanceof AppError ? error : new AppError('validation_error', FROM_URL_MESSAGES.unreachable);
  }
}
