import sharp from 'sharp';
import { newId } from '../../server/core/ids.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import type { MediaDto } from '../../shared/posts/api.js';
import type { TestApp } from '../support/test-app.js';

/** Helpers for the posts and media suites: users and accounts written straight to the database. */

export interface PostsUser {
  id: string;
  headers: Record<string, string>;
}

export async function createUser(t: TestApp, options: { timezone?: string } = {}): Promise<PostsUser> {
  const now = Date.now();
  const id = newId();
  await t.deps.db
    .insertInto('users')
    .values({
      id,
      email: `${id}@posts.test`,
      passwordHash: null,
      emailConfirmedAt: now,
      googleSub: null,
      timezone: options.timezone ?? 'UTC',
      language: 'en',
      timeFormat: null,
      setupComplete: 1,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const session = await t.deps.lucia.createSession(id, { remember: true, kind: 'token' });
  return { id, headers: { authorization: `Bearer ${session.id}` } };
}

/** A connected account with encrypted dummy tokens, as the accounts feature would store it. */
export async function createAccount(
  t: TestApp,
  userId: string,
  platform: PlatformId,
  options: { status?: 'active' | 'needs_reconnect' } = {},
): Promise<string> {
  const now = Date.now();
  const id = newId();
  await t.deps.db
    .insertInto('socialAccounts')
    .values({
      id,
      userId,
      platform,
      platformAccountId: `acct-${id}`,
      accountName: `${platform} account`,
      accountHandle: `${platform}_handle`,
      avatarUrl: null,
      accessToken: t.deps.cipher.encrypt('dummy-access'),
      refreshToken: t.deps.cipher.encrypt('dummy-refresh'),
      expiresAt: null,
      refreshExpiresAt: null,
      scopes: null,
      status: options.status ?? 'active',
      lastError: null,
      isSandbox: 1,
      metadata: '{}',
      tokenRefreshedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

export async function pngBytes(width = 8, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
}

export async function jpegBytes(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff6633' } })
    .jpeg()
    .toBuffer();
}

export async function gifBytes(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#33ff66' } })
    .gif()
    .toBuffer();
}

/** An ISO base media file header (ftyp isom): file-type reads it as video/mp4. */
export function mp4Bytes(): Buffer {
  const ftyp = Buffer.alloc(32);
  ftyp.writeUInt32BE(32, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2avc1mp41', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(2048)]);
}

export function pdfBytes(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
}

export interface UploadOptions {
  name: string;
  /** The file's first bytes (its real type). */
  head: Uint8Array;
  /** Total size: zero bytes are appended after `head` up to this size, generated while streaming. */
  size?: number;
  platform?: string;
  postType?: string;
  pasted?: boolean;
  /** A declared type that may lie. */
  declaredType?: string;
  /** Send platform/postType/pasted after the file (as a FormData built file-first does). */
  fieldsLast?: boolean;
}

/**
 * POST /api/media with a multipart body generated on the fly (no large buffers), fields first.
 * `pulled()` tells how many bytes the server read, to show it stops early.
 */
export function uploadRequest(t: TestApp, user: PostsUser, options: UploadOptions) {
  const boundary = `----postloom${newId()}`;
  const fields: [string, string][] = [];
  if (options.platform) fields.push(['platform', options.platform]);
  if (options.postType) fields.push(['postType', options.postType]);
  if (options.pasted) fields.push(['pasted', '1']);
  const fieldText = fields
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const fileHeader =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.name}"\r\n` +
    `Content-Type: ${options.declaredType ?? 'image/jpeg'}\r\n\r\n`;
  const preamble = Buffer.from(options.fieldsLast ? fileHeader : fieldText + fileHeader, 'utf8');
  const closing = Buffer.from(`\r\n${options.fieldsLast ? fieldText : ''}--${boundary}--\r\n`);
  const size = Math.max(options.size ?? options.head.length, options.head.length);
  const chunk = Buffer.alloc(256 * 1024);
  let sent = 0;
  const pieces: Buffer[] = [preamble, Buffer.from(options.head)];
  let remaining = size - options.head.length;
  let done = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.shift();
      if (next) {
        sent += next.length;
        controller.enqueue(next);
        return;
      }
      if (remaining > 0) {
        const part = remaining >= chunk.length ? chunk : chunk.subarray(0, remaining);
        remaining -= part.length;
        sent += part.length;
        controller.enqueue(part);
        return;
      }
      if (!done) {
        done = true;
        sent += closing.length;
        controller.enqueue(closing);
        return;
      }
      controller.close();
    },
  });
  const response = t.app.request('/api/media', {
    method: 'POST',
    headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    // @ts-expect-error Node's fetch needs duplex for a streamed body.
    duplex: 'half',
  });
  return { response: Promise.resolve(response), pulled: () => sent, total: size };
}

export async function upload(t: TestApp, user: PostsUser, options: UploadOptions): Promise<MediaDto> {
  const res = await uploadRequest(t, user, options).response;
  const body = (await res.json()) as { media: MediaDto; message?: string };
  if (res.status !== 201) throw new Error(`upload ${options.name}: ${res.status} ${body.message}`);
  return body.media;
}
