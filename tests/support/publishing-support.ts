import { serve } from '@hono/node-server';
import sharp from 'sharp';
import { createSession } from '../../server/auth/create-session.js';
import { newId } from '../../server/core/ids.js';
import { control, type SandboxHandle } from '../../server/sandbox/sandbox-testing.js';
import type { AccountDto } from '../../shared/accounts/account.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import type { MediaDto, PostDto } from '../../shared/posts/api.js';
import { freePort } from './spawn-server.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Helpers for publishing tests: an app served over HTTP (platforms that fetch media by URL
 * must reach APP_URL), users, accounts connected through the sandbox's real OAuth flow,
 * media uploads, posts and the sandbox's control API.
 */

export interface ServedApp extends TestApp {
  url: string;
}

/** createTestApp, also listening on a free loopback port that APP_URL points at. */
export async function createServedTestApp(env: Record<string, string> = {}): Promise<ServedApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ APP_URL: url, ...env });
  const server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    ...t,
    url,
    close: async () => {
      await t.deps.engine.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}

export interface TestUser {
  id: string;
  cookie: string;
}

/** A confirmed user with a cookie session (created directly: these suites are about publishing). */
export async function signedInUser(t: TestApp): Promise<TestUser> {
  const now = Date.now();
  const id = newId();
  await t.deps.db
    .insertInto('users')
    .values({
      id,
      email: `${id}@example.com`,
      passwordHash: null,
      emailConfirmedAt: now,
      googleSub: null,
      timezone: 'UTC',
      language: 'en',
      timeFormat: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const session = await createSession(t.deps, id, { remember: true, kind: 'cookie' });
  return { id, cookie: `postloom_session=${session.token}` };
}

/** Connects an account through GET connect -> the sandbox's consent (auto-approved) -> POST callback. */
export async function connectAccount(t: TestApp, user: TestUser, platform: PlatformId): Promise<AccountDto> {
  const start = await t.request(`/api/accounts/${platform}/connect`, { headers: { cookie: user.cookie } });
  if (start.status !== 200) throw new Error(`connect ${platform}: ${start.status} ${await start.text()}`);
  const { url } = (await start.json()) as { url: string };
  const consent = await fetch(url, { redirect: 'manual' });
  const landing = new URL(consent.headers.get('location') ?? '');
  const code = (landing.searchParams.get('code') ?? '').replace(/#_$/, '');
  const res = await t.request(`/api/accounts/${platform}/callback`, {
    method: 'POST',
    headers: { cookie: user.cookie },
    json: { code, state: landing.searchParams.get('state') ?? '' },
  });
  let body = (await res.json()) as {
    accounts?: AccountDto[];
    choosePages?: { selectionId: string; pages: Array<{ id: string }> };
  };
  if (res.status !== 200) throw new Error(`callback ${platform}: ${res.status} ${JSON.stringify(body)}`);
  if (body.choosePages) {
    const chosen = await t.request('/api/accounts/facebook/pages', {
      method: 'POST',
      headers: { cookie: user.cookie },
      json: {
        selectionId: body.choosePages.selectionId,
        pageIds: body.choosePages.pages.slice(0, 1).map((p) => p.id),
      },
    });
    body = (await chosen.json()) as typeof body;
  }
  const account = body.accounts?.find((a) => a.platform === platform);
  if (!account) throw new Error(`no ${platform} account after the callback: ${JSON.stringify(body)}`);
  return account;
}

export async function uploadMedia(
  t: TestApp,
  user: TestUser,
  file: { bytes: Buffer; name: string; type: string },
): Promise<MediaDto> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await t.request('/api/media', { method: 'POST', headers: { cookie: user.cookie }, body: form });
  const body = (await res.json()) as { media?: MediaDto };
  if (res.status !== 201 || !body.media)
    throw new Error(`upload ${file.name}: ${res.status} ${JSON.stringify(body)}`);
  return body.media;
}

/**
 * Creates a post scheduled for now (status scheduled, due at once) and returns it, for the tests
 * to publish with publishNow or the engine's sweep. (`action: 'publish'` would publish it in the
 * same request.)
 */
export async function createPost(
  t: TestApp,
  user: TestUser,
  input: {
    socialAccountId: string;
    postType?: string;
    content: string;
    media?: string[];
    tweets?: Array<{ content: string; media: string[] }> | null;
    metadata?: Record<string, unknown>;
  },
): Promise<PostDto> {
  const res = await t.request('/api/posts', {
    method: 'POST',
    headers: { cookie: user.cookie },
    json: { media: [], action: 'schedule', scheduledAt: new Date().toISOString(), ...input },
  });
  const body = (await res.json()) as { post?: PostDto };
  if (res.status !== 201 || !body.post) throw new Error(`create post: ${res.status} ${JSON.stringify(body)}`);
  return body.post;
}

/** Post Now through the engine; answers the post as it stands after the attempt. */
export async function publishNow(t: TestApp, user: TestUser, postId: string): Promise<PostDto> {
  const res = await t.request(`/api/posts/${postId}/publish`, {
    method: 'POST',
    headers: { cookie: user.cookie },
  });
  const body = (await res.json()) as { post?: PostDto };
  if (res.status !== 200 || !body.post) throw new Error(`publish: ${res.status} ${JSON.stringify(body)}`);
  return body.post;
}

export async function getPost(t: TestApp, user: TestUser, postId: string): Promise<PostDto> {
  const res = await t.request(`/api/posts/${postId}`, { headers: { cookie: user.cookie } });
  return ((await res.json()) as { post: PostDto }).post;
}

/** Polls GET /api/posts/:id until it leaves scheduled/publishing (the scheduler's retries). */
export async function waitForOutcome(
  t: TestApp,
  user: TestUser,
  postId: string,
  timeoutMs = 20_000,
): Promise<PostDto> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const post = await getPost(t, user, postId);
    if (post.status === 'posted' || post.status === 'failed' || Date.now() > deadline) return post;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface PublishedPost {
  platform: string;
  id: string;
  accountId: string;
  text: string;
  type: string;
  media: Array<{ kind: string; url?: string; bytes?: number }>;
  replyToId: string | null;
  permalink: string;
}

export async function sandboxPublished(sandbox: SandboxHandle, platform?: string): Promise<PublishedPost[]> {
  const res = await control(sandbox, `/published${platform ? `?platform=${platform}` : ''}`);
  return ((await res.json()) as { posts: PublishedPost[] }).posts;
}

/** The sandbox's request log, filtered by plain path comparisons (never regular expressions). */
export async function sandboxRequests(
  sandbox: SandboxHandle,
  filter: { path?: string; pathPrefix?: string; pathSuffix?: string; platform?: string },
): Promise<Array<{ method: string; path: string; status: number; time: string }>> {
  const query = new URLSearchParams(
    Object.entries(filter).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const res = await control(sandbox, `/requests?${query}`);
  return (
    (await res.json()) as { requests: Array<{ method: string; path: string; status: number; time: string }> }
  ).requests;
}

export async function injectFault(
  sandbox: SandboxHandle,
  fault: {
    platform?: string;
    method?: string;
    path?: string;
    pathPrefix?: string;
    pathSuffix?: string;
    kind: 'status' | 'timeout' | 'reset' | 'delay';
    status?: number;
    body?: unknown;
    headers?: Record<string, string>;
    times?: number;
    commit?: boolean;
    delayMs?: number;
  },
): Promise<string> {
  const res = await control(sandbox, '/faults', fault);
  if (res.status !== 201) throw new Error(`fault: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

export async function resetSandbox(sandbox: SandboxHandle): Promise<void> {
  await control(sandbox, '/reset', {});
}

/** A real JPEG or PNG of the given size (sharp), so sniffing and conversions see genuine files. */
export async function imageBytes(format: 'jpeg' | 'png' = 'jpeg', width = 64, height = 48): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  return format === 'png' ? base.png().toBuffer() : base.jpeg().toBuffer();
}

/** Bytes that sniff as an MP4 (an `ftyp` box with the mp42 brand), padded to `size`. */
export function mp4Bytes(size = 4096): Buffer {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(12)]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 1)]);
}

/** Bytes that sniff as a PDF. */
export function pdfBytes(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
}
