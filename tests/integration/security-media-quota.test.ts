import fs from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFromUrl } from '../../server/media/upload-from-url.js';
import { signedInUser, type TestUser } from '../support/publishing-support.js';
import { freePort } from '../support/spawn-server.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** A PNG of about `kb` KB that does not compress (random pixels). */
async function noisyPng(kb: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt((kb * 1024) / 3));
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function upload(t: TestApp, user: TestUser, bytes: Buffer, name: string) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  return t.request('/api/media', { method: 'POST', headers: { cookie: user.cookie }, body: form });
}

describe('a user cannot fill the disk with media', () => {
  let t: TestApp;
  let user: TestUser;
  let image: Buffer;
  let server: ReturnType<typeof serve>;
  let imageUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ MEDIA_QUOTA_MB: '1', ALLOW_PRIVATE_MEDIA_URLS: 'on' });
    user = await signedInUser(t);
    image = await noisyPng(600);
    const port = await freePort();
    server = serve({
      port,
      hostname: '127.0.0.1',
      fetch: () => new Response(new Uint8Array(image), { headers: { 'content-type': 'image/png' } }),
    });
    imageUrl = `http://127.0.0.1:${port}/photo.png`;
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });

  it('refuses an upload past the quota, while it streams, and keeps no partial file', async () => {
    const first = await upload(t, user, image, 'first.png');
    expect(first.status).toBe(201);
    const second = await upload(t, user, image, 'second.png');
    expect(second.status).toBe(413);
    expect(await second.json()).toMatchObject({
      code: 'payload_too_large',
      message: 'Your media storage is full (1 MB). Delete media you no longer need and try again.',
    });
    const files = fs.readdirSync(path.join(t.dataDir, 'media', user.id));
    expect(files).toHaveLength(1);
  });

  it('refuses a fetch from an address once the quota is used', async () => {
    await expect(uploadFromUrl(t.deps, user.id, imageUrl)).rejects.toMatchObject({ status: 413 });
    expect(fs.readdirSync(path.join(t.dataDir, 'media', user.id))).toHaveLength(1);
  });

  it("counts each user's media on its own", async () => {
    const other = await signedInUser(t);
    expect((await upload(t, other, image, 'mine.png')).status).toBe(201);
  });
});
