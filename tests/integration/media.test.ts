import fs from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPublicMediaUrl } from '../../server/media/public-media-url.js';
import { readMediaFile } from '../../server/media/read-media-file.js';
import { MB } from '../../shared/platforms/registry.js';
import { freePort } from '../support/spawn-server.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  createAccount,
  createUser,
  gifBytes,
  jpegBytes,
  mp4Bytes,
  type PostsUser,
  pdfBytes,
  pngBytes,
  upload,
  uploadRequest,
} from './posts-support.js';

function storedFiles(t: TestApp, userId: string): string[] {
  const dir = path.join(t.dataDir, 'media', userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe('media API', () => {
  let t: TestApp;
  let user: PostsUser;

  beforeEach(async () => {
    t = await createTestApp();
    user = await createUser(t);
  });
  afterEach(() => t.close());

  it('stores an upload under DATA_DIR/media/<user> with a sanitized name and serves it to its owner', async () => {
    const png = await pngBytes();
    const media = await upload(t, user, { name: 'Café menu (1).png', head: png, declaredType: 'text/plain' });
    expect(media).toMatchObject({
      fileName: 'Cafe_menu__1_.png',
      originalName: 'Café menu (1).png',
      mimeType: 'image/png',
      kind: 'image',
      sizeBytes: png.length,
      url: `/api/media/${media.id}`,
    });
    expect(storedFiles(t, user.id)).toEqual([`${media.id}-Cafe_menu__1_.png`]);

    const res = await t.request(media.url, { headers: user.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toContain('inline; filename="Cafe_menu__1_.png"');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });

  it('answers a byte range with 206 and the requested bytes', async () => {
    const png = await pngBytes();
    const media = await upload(t, user, { name: 'a.png', head: png });
    const res = await t.request(media.url, { headers: { ...user.headers, range: 'bytes=1-3' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1-3/${png.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(png.subarray(1, 4))).toBe(true);
    const bad = await t.request(media.url, {
      headers: { ...user.headers, range: `bytes=${png.length + 5}-` },
    });
    expect(bad.status).toBe(416);
  });

  it('refuses a 25 MB Facebook image with the spec message and stops reading early', async () => {
    const upload25 = uploadRequest(t, user, {
      name: 'holiday.jpg',
      head: await jpegBytes(),
      size: 25 * MB,
      platform: 'facebook',
      postType: 'normal',
    });
    const res = await upload25.response;
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_error',
      field: 'file',
      message: 'Image "holiday.jpg" exceeds the 8MB limit.',
    });
    expect(upload25.pulled()).toBeLessThan(12 * MB);
    expect(storedFiles(t, user.id)).toEqual([]);
    expect(await t.deps.db.selectFrom('media').selectAll().execute()).toEqual([]);
  });

  it('applies the platform rules when the fields come after the file', async () => {
    const res = await uploadRequest(t, user, {
      name: 'late.jpg',
      head: await jpegBytes(),
      size: 9 * MB,
      platform: 'facebook',
      fieldsLast: true,
    }).response;
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Image "late.jpg" exceeds the 8MB limit.');
    const pdf = await uploadRequest(t, user, {
      name: 'late.jpg',
      head: pdfBytes(),
      platform: 'facebook',
      fieldsLast: true,
    }).response;
    expect((await pdf.json()).message).toBe('File "late.jpg" is not supported for Facebook normal posts.');
    expect(storedFiles(t, user.id)).toEqual([]);
  });

  it('streams uploads over a real HTTP server and refuses an oversized one there too', async () => {
    const port = await freePort();
    const server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const jpg = await jpegBytes();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(jpg)]), 'ok.jpg');
      form.append('platform', 'facebook');
      const ok = await fetch(`http://127.0.0.1:${port}/api/media`, {
        method: 'POST',
        headers: user.headers,
        body: form,
      });
      expect(ok.status).toBe(201);
      const big = new FormData();
      big.append('platform', 'facebook');
      big.append('file', new Blob([new Uint8Array(jpg), new Uint8Array(25 * MB)]), 'big.jpg');
      const refused = await fetch(`http://127.0.0.1:${port}/api/media`, {
        method: 'POST',
        headers: user.headers,
        body: big,
      });
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toBe('Image "big.jpg" exceeds the 8MB limit.');
      expect(storedFiles(t, user.id)).toHaveLength(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses a PDF renamed .jpg for Facebook: the type comes from the content', async () => {
    const res = await uploadRequest(t, user, {
      name: 'report.jpg',
      head: pdfBytes(),
      platform: 'facebook',
      declaredType: 'image/jpeg',
    }).response;
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('File "report.jpg" is not supported for Facebook normal posts.');
    expect(storedFiles(t, user.id)).toEqual([]);
  });

  it('accepts the same PDF for LinkedIn as a document, whatever its name says', async () => {
    const media = await upload(t, user, { name: 'report.jpg', head: pdfBytes(), platform: 'linkedin' });
    expect(media).toMatchObject({ mimeType: 'application/pdf', kind: 'document' });
  });

  it('refuses plain text, which has no detectable type, even for LinkedIn', async () => {
    const res = await uploadRequest(t, user, {
      name: 'notes.pdf',
      head: Buffer.from('just some words\n'),
      platform: 'linkedin',
      declaredType: 'application/pdf',
    }).response;
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('File "notes.pdf" is not a supported format for LinkedIn.');
    const noPlatform = await uploadRequest(t, user, { name: 'notes.txt', head: Buffer.from('hello') })
      .response;
    expect(noPlatform.status).toBe(400);
    expect((await noPlatform.json()).message).toBe('File "notes.txt" is not a supported format.');
  });

  it.each([
    {
      platform: 'facebook',
      postType: 'normal',
      name: 'f.jpg',
      kind: 'jpeg',
      size: 8 * MB + 1,
      message: 'Image "f.jpg" exceeds the 8MB limit.',
    },
    {
      platform: 'instagram',
      postType: 'normal',
      name: 'i.jpg',
      kind: 'jpeg',
      size: 30 * MB + 1,
      message: 'Image "i.jpg" exceeds the 30MB limit.',
    },
    {
      platform: 'twitter',
      postType: 'single',
      name: 'x.png',
      kind: 'png',
      size: 5 * MB + 1,
      message: 'Image "x.png" exceeds the 5MB limit.',
    },
    {
      platform: 'twitter',
      postType: 'single',
      name: 'x.gif',
      kind: 'gif',
      size: 15 * MB + 1,
      message: 'GIF "x.gif" exceeds the 15MB limit.',
    },
    {
      platform: 'threads',
      postType: 'normal',
      name: 't.jpg',
      kind: 'jpeg',
      size: 8 * MB + 1,
      message: 'Image "t.jpg" exceeds the 8MB limit.',
    },
    {
      platform: 'linkedin',
      postType: 'normal',
      name: 'l.pdf',
      kind: 'pdf',
      size: 100 * MB + 1,
      message: 'File "l.pdf" exceeds the 100 MB limit.',
    },
  ] as const)(
    'refuses a $platform file one byte over its cap ($name)',
    async ({ platform, postType, name, kind, size, message }) => {
      const head =
        kind === 'jpeg'
          ? await jpegBytes()
          : kind === 'png'
            ? await pngBytes()
            : kind === 'gif'
              ? await gifBytes()
              : pdfBytes();
      const res = await uploadRequest(t, user, { name, head, size, platform, postType }).response;
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
      // At the cap exactly, the same file is accepted.
      const atCap = await upload(t, user, { name, head, size: size - 1, platform, postType });
      expect(atCap.sizeBytes).toBe(size - 1);
    },
  );

  it.each([
    {
      platform: 'facebook',
      postType: 'reel',
      name: 'r.jpg',
      head: 'jpeg',
      message: 'File "r.jpg" is not supported for Facebook reel posts.',
    },
    {
      platform: 'facebook',
      postType: 'story',
      name: 's.gif',
      head: 'gif',
      message: 'File "s.gif" is not supported for Facebook story posts.',
    },
    {
      platform: 'instagram',
      postType: 'reel',
      name: 'r.png',
      head: 'png',
      message: 'Reels only support video uploads.',
    },
    {
      platform: 'instagram',
      postType: 'normal',
      name: 'doc.pdf',
      head: 'pdf',
      message: 'Unsupported file format: doc.pdf',
    },
    {
      platform: 'tiktok',
      postType: 'video',
      name: 'v.png',
      head: 'png',
      message: 'Invalid file type: must be a video',
    },
    {
      platform: 'tiktok',
      postType: 'photo',
      name: 'p.mp4',
      head: 'mp4',
      message: 'Invalid file type: all files must be images',
    },
    {
      platform: 'tiktok',
      postType: 'photo',
      name: 'p.pdf',
      head: 'pdf',
      message: 'File "p.pdf" is not an accepted format for TikTok uploads',
    },
    {
      platform: 'twitter',
      postType: 'single',
      name: 'x.pdf',
      head: 'pdf',
      message: 'File "x.pdf" is not a supported format for X.',
    },
  ] as const)(
    'refuses a file type $platform $postType does not take ($name)',
    async ({ platform, postType, name, head, message }) => {
      const bytes = {
        jpeg: await jpegBytes(),
        png: await pngBytes(),
        gif: await gifBytes(),
        mp4: mp4Bytes(),
        pdf: pdfBytes(),
      }[head];
      const res = await uploadRequest(t, user, { name, head: bytes, platform, postType }).response;
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
    },
  );

  it('applies the pasted-image rules to pasted files', async () => {
    const pastedPdf = await uploadRequest(t, user, {
      name: 'clipboard.png',
      head: pdfBytes(),
      platform: 'linkedin',
      pasted: true,
    }).response;
    expect(pastedPdf.status).toBe(400);
    expect((await pastedPdf.json()).message).toBe(
      'File "clipboard.png" is not a supported format for LinkedIn.',
    );
    const tooBig = await uploadRequest(t, user, {
      name: 'clipboard.png',
      head: await pngBytes(),
      size: 100 * MB + 1,
      platform: 'linkedin',
      pasted: true,
    }).response;
    expect((await tooBig.json()).message).toBe('Pasted image exceeds the 100 MB limit.');
    const ok = await upload(t, user, {
      name: 'clipboard.png',
      head: await pngBytes(),
      platform: 'linkedin',
      pasted: true,
    });
    expect(ok.kind).toBe('image');
  });

  it("answers 404 for another user's media, to read and to delete", async () => {
    const media = await upload(t, user, { name: 'mine.png', head: await pngBytes() });
    const other = await createUser(t);
    expect((await t.request(media.url, { headers: other.headers })).status).toBe(404);
    expect((await t.request(media.url, { method: 'DELETE', headers: other.headers })).status).toBe(404);
    await expect(readMediaFile(t.deps, other.id, media.id)).rejects.toMatchObject({ status: 404 });
    const own = await readMediaFile(t.deps, user.id, media.id);
    expect(own.size).toBe(media.sizeBytes);
    expect((await t.request(media.url)).status).toBe(401);
  });

  it('deletes an unattached file, and refuses to delete one a post uses', async () => {
    const loose = await upload(t, user, { name: 'loose.png', head: await pngBytes() });
    const del = await t.request(loose.url, { method: 'DELETE', headers: user.headers });
    expect(del.status).toBe(200);
    expect(storedFiles(t, user.id)).toEqual([]);

    const attached = await upload(t, user, { name: 'attached.png', head: await pngBytes() });
    const accountId = await createAccount(t, user.id, 'facebook');
    const created = await t.request('/api/posts', {
      method: 'POST',
      headers: user.headers,
      json: { socialAccountId: accountId, content: 'hi', media: [attached.id], action: 'draft' },
    });
    expect(created.status).toBe(201);
    const refused = await t.request(attached.url, { method: 'DELETE', headers: user.headers });
    expect(refused.status).toBe(409);
  });

  it('serves a signed public address without a session until it expires', async () => {
    const png = await pngBytes();
    const media = await upload(t, user, { name: 'public.png', head: png });
    const url = createPublicMediaUrl(t.deps, media.id, 3600);
    expect(url.startsWith(`${t.config.APP_URL}/api/media/public/${media.id}?expires=`)).toBe(true);
    const path = url.slice(t.config.APP_URL.length);
    const ok = await t.request(path);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await ok.arrayBuffer()).equals(png)).toBe(true);

    const expired = createPublicMediaUrl(t.deps, media.id, 60, Date.now() - 120_000).slice(
      t.config.APP_URL.length,
    );
    expect((await t.request(expired)).status).toBe(403);

    const tampered = path.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await t.request(tampered)).status).toBe(404);
    const otherId = path.replace(media.id, `${media.id}x`);
    expect((await t.request(otherId)).status).toBe(404);
  });

  it('a one-second address stops working once its second has passed', async () => {
    const media = await upload(t, user, { name: 'short.png', head: await pngBytes() });
    const path = createPublicMediaUrl(t.deps, media.id, 1).slice(t.config.APP_URL.length);
    expect((await t.request(path)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await t.request(path)).status).toBe(403);
  });
});
