import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mediaStore } from '../../server/media/media-store.js';
import { createPublicMediaUrl } from '../../server/media/public-media-url.js';
import { readMediaFile } from '../../server/media/read-media-file.js';
import { startTestS3, type TestS3 } from '../support/s3-server.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser, jpegBytes, type PostsUser, pngBytes, upload } from './posts-support.js';

// Media in S3-compatible object storage (S3_BUCKET): uploads land in the bucket and nowhere under
// DATA_DIR, and serving, signed addresses, publishing, quotas, export and deletion read the bucket.

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3?.close());

describe('media in S3-compatible storage', () => {
  let t: TestApp;
  let user: PostsUser;

  beforeEach(async () => {
    t = await createTestApp({ ...s3.env, MEDIA_QUOTA_MB: '1' });
    user = await createUser(t);
  });
  afterEach(() => t.close());

  const filesUnderDataDir = () =>
    fs.existsSync(path.join(t.dataDir, 'media', user.id))
      ? fs.readdirSync(path.join(t.dataDir, 'media', user.id))
      : [];

  it('stores an upload in the bucket, not in DATA_DIR, and serves it whole and by range', async () => {
    const png = await pngBytes();
    const media = await upload(t, user, { name: 'Photo.png', head: png });
    expect(s3.keys()).toContain(`media/${user.id}/${media.id}-Photo.png`);
    expect(filesUnderDataDir()).toEqual([]);

    const whole = await t.request(media.url, { headers: user.headers });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await whole.arrayBuffer()).equals(png)).toBe(true);

    const part = await t.request(media.url, { headers: { ...user.headers, range: 'bytes=2-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 2-9/${png.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(png.subarray(2, 10))).toBe(true);
  });

  it('serves a signed public address from the bucket, as platforms fetch it', async () => {
    const jpeg = await jpegBytes();
    const media = await upload(t, user, { name: 'shared.jpg', head: jpeg });
    const signed = new URL(await createPublicMediaUrl(t.deps, media.id));
    const res = await t.request(`${signed.pathname}${signed.search}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  it('hands the publishing adapters the stored bytes', async () => {
    const png = await pngBytes();
    const media = await upload(t, user, { name: 'to-publish.png', head: png });
    const file = await readMediaFile(t.deps, user.id, media.id);
    expect(file.size).toBe(png.length);
    expect((await file.read()).equals(png)).toBe(true);
  });

  it('counts the quota from the stored sizes and refuses past it', async () => {
    const png = await pngBytes();
    const big = Buffer.concat([png, Buffer.alloc(1024 * 1024)]);
    const res = await t.request('/api/media', {
      method: 'POST',
      headers: user.headers,
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob([big], { type: 'image/png' }), 'big.png');
        return form;
      })(),
    });
    expect(res.status).toBe(413);
    expect(s3.keys().filter((key) => key.startsWith(`media/${user.id}/`))).toEqual([]);
    expect(filesUnderDataDir()).toEqual([]);
  });

  it('exports the bucket files in the data download', async () => {
    const png = await pngBytes();
    const media = await upload(t, user, { name: 'exported.png', head: png });
    const res = await t.request('/api/settings/export', { headers: user.headers });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Buffer.from(files[`media/${media.id}-exported.png`] ?? []).equals(png)).toBe(true);
  });

  it('deletes one file, then all of a user, from the bucket', async () => {
    const png = await pngBytes();
    const first = await upload(t, user, { name: 'one.png', head: png });
    const second = await upload(t, user, { name: 'two.png', head: png });
    expect((await t.request(first.url, { method: 'DELETE', headers: user.headers })).status).toBeLessThan(
      300,
    );
    expect(s3.keys().filter((key) => key.startsWith(`media/${user.id}/`))).toEqual([
      `media/${user.id}/${second.id}-two.png`,
    ]);
    await mediaStore(t.config).removeUser(user.id);
    expect(s3.keys().filter((key) => key.startsWith(`media/${user.id}/`))).toEqual([]);
  });
});
