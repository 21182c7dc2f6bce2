import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../server/core/addresses.js';
import { type AddressPolicy, uploadFromUrl } from '../../server/media/upload-from-url.js';
import { createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let png: Buffer;
let imageServer: http.Server;
let imageUrl: string;

beforeAll(async () => {
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  // A local site: an image, a text file, redirects to loopback and metadata addresses, a redirect loop.
  imageServer = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/photo.png') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(png);
    } else if (url.pathname === '/notes.txt') {
      res.writeHead(200, { 'content-type': 'image/png' }).end('just some text, not an image');
    } else if (url.pathname === '/to-image') {
      res.writeHead(302, { location: '/photo.png' }).end();
    } else if (url.pathname === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (url.pathname === '/to-loopback') {
      res
        .writeHead(302, {
          location: `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}/photo.png`,
        })
        .end();
    } else if (url.pathname === '/loop') {
      res.writeHead(302, { location: '/loop' }).end();
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
  imageUrl = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => imageServer.close(resolve));
});

async function fromUrl(t: TestApp, user: InProcessUser, url: string) {
  const res = await t.request('/api/media/from-url', {
    method: 'POST',
    headers: { cookie: user.cookie },
    json: { url },
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      message?: string;
      media?: { id: string; mimeType: string; kind: string; sizeBytes: number };
    },
  };
}

describe('POST /api/media/from-url with private addresses refused (the default)', () => {
  let t: TestApp;
  let user: InProcessUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createSignedInUser(t);
  });
  afterAll(() => t.close());

  it('refuses a loopback address', async () => {
    const { status, body } = await fromUrl(t, user, `${imageUrl}/photo.png`);
    expect(status).toBe(400);
    expect(body.message).toBe('This address points to a private or local network and cannot be fetched.');
  });

  it('refuses the cloud metadata address', async () => {
    const { status, body } = await fromUrl(t, user, 'http://169.254.169.254/latest/meta-data/');
    expect(status).toBe(400);
    expect(body.message).toMatch(/private or local network/);
  });

  it('refuses a host name that resolves to loopback', async () => {
    const { status, body } = await fromUrl(t, user, `http://localhost:${new URL(imageUrl).port}/photo.png`);
    expect(status).toBe(400);
    expect(body.message).toMatch(/private or local network/);
  });

  it('refuses IPv6 loopback and IPv4-mapped loopback', async () => {
    for (const url of ['http://[::1]/a.png', 'http://[::ffff:127.0.0.1]/a.png', 'http://0.0.0.0/a.png']) {
      const { status } = await fromUrl(t, user, url);
      expect(status, url).toBe(400);
    }
  });

  it('refuses ftp:// and other schemes', async () => {
    for (const url of ['ftp://example.com/a.png', 'file:///etc/passwd', 'data:image/png;base64,AAAA']) {
      const { status, body } = await fromUrl(t, user, url);
      expect(status, url).toBe(400);
      expect(body.message).toBe('Only http and https addresses can be fetched.');
    }
  });

  it('asks for a sign-in without a session', async () => {
    const res = await t.request('/api/media/from-url', {
      method: 'POST',
      json: { url: `${imageUrl}/photo.png` },
    });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/media/from-url with ALLOW_PRIVATE_MEDIA_URLS=on (tests)', () => {
  let t: TestApp;
  let user: InProcessUser;
  beforeAll(async () => {
    t = await createTestApp({ ALLOW_PRIVATE_MEDIA_URLS: 'on' });
    user = await createSignedInUser(t);
  });
  afterAll(() => t.close());

  it('stores a local image with the type read from its bytes, not its header', async () => {
    const { status, body } = await fromUrl(t, user, `${imageUrl}/photo.png`);
    expect(status).toBe(201);
    expect(body.media).toMatchObject({ mimeType: 'image/png', kind: 'image', sizeBytes: png.length });
    const read = await t.request(`/api/media/${body.media!.id}`, { headers: { cookie: user.cookie } });
    expect(Buffer.from(await read.arrayBuffer()).equals(png)).toBe(true);
  });

  it('follows a redirect to the image', async () => {
    const { status, body } = await fromUrl(t, user, `${imageUrl}/to-image`);
    expect(status).toBe(201);
    expect(body.media?.mimeType).toBe('image/png');
  });

  it('refuses a file whose content is no supported format', async () => {
    const { status, body } = await fromUrl(t, user, `${imageUrl}/notes.txt`);
    expect(status).toBe(400);
    expect(body.message).toBe('File "notes.txt" is not a supported format.');
  });

  it('stops after five redirects', async () => {
    const { status, body } = await fromUrl(t, user, `${imageUrl}/loop`);
    expect(status).toBe(400);
    expect(body.message).toBe('The address redirected too many times.');
  });

  it('does not let another user read the fetched file', async () => {
    const { body } = await fromUrl(t, user, `${imageUrl}/photo.png`);
    const other = await createSignedInUser(t);
    const read = await t.request(`/api/media/${body.media!.id}`, { headers: { cookie: other.cookie } });
    expect(read.status).toBe(404);
  });
});

describe('redirects are checked at every hop', () => {
  let t: TestApp;
  let user: InProcessUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createSignedInUser(t);
  });
  afterAll(() => t.close());

  // Offline, no public host can redirect, so the entry hop (the local /to-* page) stands in for
  // a public site: the policy allows it and applies the real check to every later hop.
  const entryHopIsPublic: AddressPolicy = (address, url) =>
    url.pathname.startsWith('/to-') ? false : !isPublicAddress(address);

  it('refuses a redirect to the metadata address or to loopback', async () => {
    for (const hop of ['/to-metadata', '/to-loopback']) {
      const attempt = uploadFromUrl(t.deps, user.id, `${imageUrl}${hop}`, { isRefused: entryHopIsPublic });
      await expect(attempt, hop).rejects.toMatchObject({
        status: 400,
        message: 'This address points to a private or local network and cannot be fetched.',
      });
    }
  });

  it('follows a redirect that stays on allowed addresses', async () => {
    const media = await uploadFromUrl(t.deps, user.id, `${imageUrl}/to-image`, {
      isRefused: (_address, url) => url.pathname !== '/to-image' && url.pathname !== '/photo.png',
    });
    expect(media.mimeType).toBe('image/png');
  });
});

describe('SSRF: the addresses a fetch by URL refuses', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '0.1.2.3',
    '100.64.0.1',
    '100.127.255.254',
    '192.0.0.8',
    '192.0.2.1',
    '198.18.0.1',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '[::7f00:1]',
    '::a9fe:a9fe',
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    '2002:c0a8:101::1',
    '2001:db8::1',
    '2001::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'febf::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::ffff:100.64.0.1',
  ])('an attacker cannot reach %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
  ])('allows the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses an IPv4 address written in IPv6 form in the URL itself', async () => {
    const t = await createTestApp();
    try {
      const user = await createSignedInUser(t);
      for (const url of [
        'http://[::7f00:1]/x.png',
        'http://[64:ff9b::a9fe:a9fe]/x.png',
        'http://[::ffff:127.0.0.1]/x.png',
      ]) {
        await expect(uploadFromUrl(t.deps, user.id, url), url).rejects.toMatchObject({
          message: 'This address points to a private or local network and cannot be fetched.',
        });
      }
    } finally {
      await t.close();
    }
  });
});
