import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_OUTCOME_MESSAGE } from '../../server/platforms/platform-error.js';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { control } from '../../server/sandbox/sandbox-testing.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import {
  connectAccount,
  createPost,
  createServedTestApp,
  imageBytes,
  injectFault,
  mp4Bytes,
  pdfBytes,
  publishNow,
  resetSandbox,
  type ServedApp,
  sandboxPublished,
  sandboxRequests,
  signedInUser,
  type TestUser,
  uploadMedia,
  waitForOutcome,
} from '../support/publishing-support.js';

let sandbox: RunningSandbox;
let t: ServedApp | undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 50 });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A fresh sandbox state, a fresh app and a user with one connected account of `platform`. */
async function setup(platform: PlatformId, env: Record<string, string> = {}) {
  await resetSandbox(sandbox);
  t = await createServedTestApp({
    SANDBOX_URL: sandbox.url,
    PUBLISH_RETRY_BASE_MS: '50',
    // The timeout case waits for this; the sandbox answers everything else in milliseconds.
    PUBLISH_REQUEST_TIMEOUT_MS: '4000',
    ...env,
  });
  const user = await signedInUser(t);
  const account = await connectAccount(t, user, platform);
  return { app: t, user, account };
}

/** Posts on X with the account's own token, as a server that died might have done. */
async function tweetAs(app: ServedApp, accountId: string, text: string, replyTo?: string): Promise<string> {
  const row = await app.deps.db
    .selectFrom('socialAccounts')
    .select('accessToken')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  const res = await fetch(`${sandbox.url}/api.x.com/2/tweets`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${app.deps.cipher.decrypt(row.accessToken)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ text, ...(replyTo ? { reply: { in_reply_to_tweet_id: replyTo } } : {}) }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function jpeg(app: ServedApp, user: TestUser, name = 'photo.jpg') {
  return uploadMedia(app, user, { bytes: await imageBytes('jpeg'), name, type: 'image/jpeg' });
}

async function png(app: ServedApp, user: TestUser, name = 'picture.png') {
  return uploadMedia(app, user, { bytes: await imageBytes('png'), name, type: 'image/png' });
}

async function mp4(app: ServedApp, user: TestUser, size = 4096, name = 'clip.mp4') {
  return uploadMedia(app, user, { bytes: mp4Bytes(size), name, type: 'video/mp4' });
}

describe('X adapter', () => {
  it('publishes a text tweet and records its id and address', async () => {
    const { app, user, account } = await setup('twitter');
    const post = await createPost(app, user, { socialAccountId: account.id, content: 'Hello from Postloom' });
    const result = await publishNow(app, user, post.id);

    expect(result.status).toBe('posted');
    const [published] = await sandboxPublished(sandbox, 'twitter');
    expect(published?.text).toBe('Hello from Postloom');
    expect(result.platformPostId).toBe(published?.id);
    expect(result.platformPostUrl).toBe(
      `${sandbox.url}/x.com/${account.accountHandle?.replace(/^@/, '')}/status/${published?.id}`,
    );
    const page = await fetch(result.platformPostUrl ?? '');
    expect(page.status).toBe(200);
  });

  it('uploads images with alt text and attaches them to one tweet', async () => {
    const { app, user, account } = await setup('twitter');
    const a = await jpeg(app, user);
    const b = await png(app, user);
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      content: 'Two pictures',
      media: [a.id, b.id],
      metadata: { alt_text: 'A red square' },
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    const [published] = await sandboxPublished(sandbox, 'twitter');
    expect(published?.media.map((m) => m.kind)).toEqual(['image', 'image']);
    expect(await sandboxRequests(sandbox, { pathSuffix: '/2/media/metadata' })).toHaveLength(2);
  });

  it('uploads a video in 1 MB segments and waits for processing before tweeting', async () => {
    const { app, user, account } = await setup('twitter');
    const video = await mp4(app, user, 2.5 * 1024 * 1024);
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      content: 'A clip',
      media: [video.id],
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    const [published] = await sandboxPublished(sandbox, 'twitter');
    expect(published?.media).toEqual([{ kind: 'video', bytes: video.sizeBytes }]);
    expect(await sandboxRequests(sandbox, { pathSuffix: '/append' })).toHaveLength(3);
    expect((await sandboxRequests(sandbox, { pathSuffix: '/2/media/upload' })).length).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('publishes a thread as a chain of replies and records the first tweet', async () => {
    const { app, user, account } = await setup('twitter');
    const image = await jpeg(app, user);
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      postType: 'thread',
      content: 'Thread 1/3',
      tweets: [
        { content: 'Thread 1/3', media: [] },
        { content: 'Thread 2/3', media: [image.id] },
        { content: 'Thread 3/3', media: [] },
      ],
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    const published = await sandboxPublished(sandbox, 'twitter');
    expect(published.map((p) => p.text)).toEqual(['Thread 1/3', 'Thread 2/3', 'Thread 3/3']);
    expect(published[0]?.replyToId).toBeNull();
    expect(published[1]?.replyToId).toBe(published[0]?.id);
    expect(published[2]?.replyToId).toBe(published[1]?.id);
    expect(result.platformPostId).toBe(published[0]?.id);
  });

  it('resumes a thread after a failure without re-posting the parts already public', async () => {
    const { app, user, account } = await setup('twitter');
    const image = await jpeg(app, user);
    // Part 1 goes out; the upload of part 2's image answers 503: the retry must start at part 2.
    await injectFault(sandbox, {
      platform: 'twitter',
      method: 'POST',
      pathSuffix: '/2/media/upload',
      kind: 'status',
      status: 503,
      body: { title: 'Service Unavailable', detail: 'Service Unavailable', type: 'about:blank', status: 503 },
    });
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      postType: 'thread',
      content: 'Resume 1',
      tweets: [
        { content: 'Resume 1', media: [] },
        { content: 'Resume 2', media: [image.id] },
      ],
    });
    const first = await publishNow(app, user, post.id);
    expect(first.status).toBe('scheduled');
    expect(await sandboxPublished(sandbox, 'twitter')).toHaveLength(1);
    await app.deps.engine.start();
    const result = await waitForOutcome(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    const published = await sandboxPublished(sandbox, 'twitter');
    expect(published.map((p) => p.text)).toEqual(['Resume 1', 'Resume 2']);
    expect(published[1]?.replyToId).toBe(published[0]?.id);
    expect((await sandboxRequests(sandbox, { pathSuffix: '/2/tweets' })).map((r) => r.status)).toEqual([
      201, 201,
    ]);
    expect(result.platformPostId).toBe(published[0]?.id);
  });

  it('suggests users for @mentions', async () => {
    const { app, user, account } = await setup('twitter');
    const res = await app.request(`/api/accounts/${account.id}/mentions?query=noah`, {
      headers: { cookie: user.cookie },
    });
    const body = (await res.json()) as { users: Array<{ id: string; username: string; name: string }> };
    expect(body.users).toContainEqual(
      expect.objectContaining({ username: 'noahbecker', name: 'Noah Becker' }),
    );
  });

  it("does not publish another user's post", async () => {
    const { app, user, account } = await setup('twitter');
    const post = await createPost(app, user, { socialAccountId: account.id, content: 'Mine only' });
    const intruder = await signedInUser(app);
    const res = await app.request(`/api/posts/${post.id}/publish`, {
      method: 'POST',
      headers: { cookie: intruder.cookie },
    });
    expect(res.status).toBe(404);
    expect(await sandboxPublished(sandbox, 'twitter')).toHaveLength(0);
  });
});

describe('failure classification (X)', () => {
  it('retries after a 429 with Retry-After and publishes within the budget', async () => {
    const { app, user, account } = await setup('twitter');
    await injectFault(sandbox, {
      platform: 'twitter',
      method: 'POST',
      pathSuffix: '/2/tweets',
      kind: 'status',
      status: 429,
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      headers: { 'retry-after': '1' },
    });
    const post = await createPost(app, user, { socialAccountId: account.id, content: 'Rate limited once' });
    const started = Date.now();
    const first = await publishNow(app, user, post.id);
    expect(first.status).toBe('scheduled');
    await app.deps.engine.start();
    const result = await waitForOutcome(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const creates = await sandboxRequests(sandbox, { pathSuffix: '/2/tweets' });
    expect(creates.map((r) => r.status)).toEqual([429, 201]);
    expect(await sandboxPublished(sandbox, 'twitter')).toHaveLength(1);
  });

  it('retries a 500 answered before acceptance, then publishes', async () => {
    const { app, user, account } = await setup('twitter');
    await injectFault(sandbox, {
      platform: 'twitter',
      method: 'POST',
      pathSuffix: '/2/tweets',
      kind: 'status',
      status: 500,
      body: 'Internal error',
    });
    const post = await createPost(app, user, { socialAccountId: account.id, content: 'Server hiccup' });
    await app.deps.engine.start();
    const result = await waitForOutcome(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    expect((await sandboxRequests(sandbox, { pathSuffix: '/2/tweets' })).map((r) => r.status)).toEqual([
      500, 201,
    ]);
    expect(await sandboxPublished(sandbox, 'twitter')).toHaveLength(1);
  });

  it('records a tweet whose answer never came once X lists it, without sending it again', {
    timeout: 30_000,
  }, async () => {
    const { app, user, account } = await setup('twitter', { PUBLISH_REQUEST_TIMEOUT_MS: '1500' });
    await injectFault(sandbox, {
      platform: 'twitter',
      method: 'POST',
      pathSuffix: '/2/tweets',
      kind: 'timeout',
      commit: true,
    });
    const post = await createPost(app, user, { socialAccountId: account.id, content: 'Lost answer' });
    const asked = await publishNow(app, user, post.id);
    expect(asked.status).toBe('scheduled');
    await app.deps.engine.start();
    const result = await waitForOutcome(app, user, post.id, 20_000);

    const [published] = await sandboxPublished(sandbox, 'twitter');
    expect(result.status, result.errorMessage ?? '').toBe('posted');
    expect(result.platformPostId).toBe(published?.id);
    expect(
      (await sandboxRequests(sandbox, { pathSuffix: '/2/tweets' })).filter((r) => r.method === 'POST'),
    ).toHaveLength(1);
    expect(await sandboxPublished(sandbox, 'twitter')).toHaveLength(1);
  });

  it('finds the thread part a dead server sent and goes on with the next one', {
    timeout: 30_000,
  }, async () => {
    const { app, user, account } = await setup('twitter', { PUBLISH_REQUEST_TIMEOUT_MS: '1500' });
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      content: 'One',
      tweets: [
        { content: 'One', media: [] },
        { content: 'Two & more: https://example.com/a', media: [] },
        { content: 'Three', media: [] },
      ],
    });
    // The first part was recorded; the second left (and reached X) before the server died.
    const one = await tweetAs(app, account.id, 'One');
    const two = await tweetAs(app, account.id, 'Two & more: https://example.com/a', one);
    await app.deps.db
      .updateTable('scheduledPosts')
      .set({ publishProgress: JSON.stringify({ parts: [one], reconcile: { since: Date.now() - 1000 } }) })
      .where('id', '=', post.id)
      .execute();
    await publishNow(app, user, post.id);
    await app.deps.engine.start();
    const result = await waitForOutcome(app, user, post.id, 20_000);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    expect(result.platformPostId).toBe(one);
    const published = await sandboxPublished(sandbox, 'twitter');
    expect(published.map((p) => p.text)).toEqual(['One', 'Two & more: https://example.com/a', 'Three']);
    expect(published[2]?.replyToId).toBe(two);
  });

  it('fails a duplicate tweet at once with the platform message', async () => {
    const { app, user, account } = await setup('twitter');
    const first = await createPost(app, user, { socialAccountId: account.id, content: 'Same words' });
    expect((await publishNow(app, user, first.id)).status).toBe('posted');
    const second = await createPost(app, user, { socialAccountId: account.id, content: 'Same words' });
    const result = await publishNow(app, user, second.id);

    expect(result.status).toBe('failed');
    expect(result.errorMessage).toBe('You are not allowed to create a Tweet with duplicate content.');
    expect(await sandboxRequests(sandbox, { pathSuffix: '/2/tweets' })).toHaveLength(2);
  });

  it('refreshes an expired token once and publishes', async () => {
    const { app, user, account } = await setup('twitter');
    await control(sandbox, '/expire-tokens', { platform: 'twitter' });
    const post = await createPost(app, user, { socialAccountId: account.id, content: 'After a refresh' });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    expect((await sandboxRequests(sandbox, { pathSuffix: '/2/tweets' })).map((r) => r.status)).toEqual([
      401, 201,
    ]);
    // One code exchange at connect time, one refresh now.
    expect(await sandboxRequests(sandbox, { pathSuffix: '/2/oauth2/token' })).toHaveLength(2);
  });
});

describe('LinkedIn adapter', () => {
  it('publishes escaped text with the version headers and reads the id from x-restli-id', async () => {
    const { app, user, account } = await setup('linkedin');
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      content: 'Launch (beta) #news @team',
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    const [published] = await sandboxPublished(sandbox, 'linkedin');
    expect(published?.text).toBe('Launch \\(beta\\) \\#news \\@team');
    expect(result.platformPostId).toBe(published?.id);
    expect(result.platformPostId).toMatch(/^urn:li:share:/);
    expect(result.platformPostUrl).toBe(`${sandbox.url}/www.linkedin.com/feed/update/${published?.id}`);
  });

  it('publishes one image, several images as multiImage, and a document', async () => {
    const { app, user, account } = await setup('linkedin');
    const a = await jpeg(app, user);
    const b = await png(app, user);
    const doc = await uploadMedia(app, user, {
      bytes: pdfBytes(),
      name: 'deck.pdf',
      type: 'application/pdf',
    });
    const one = await createPost(app, user, {
      socialAccountId: account.id,
      content: 'One image',
      media: [a.id],
    });
    const many = await createPost(app, user, {
      socialAccountId: account.id,
      content: 'Two images',
      media: [a.id, b.id],
    });
    const pdf = await createPost(app, user, {
      socialAccountId: account.id,
      content: 'A deck',
      media: [doc.id],
    });
    for (const post of [one, many, pdf]) {
      const result = await publishNow(app, user, post.id);
      expect(result.status, result.errorMessage ?? '').toBe('posted');
    }
    const published = await sandboxPublished(sandbox, 'linkedin');
    expect(published.map((p) => p.type)).toEqual(['image', 'carousel', 'document']);
    expect(published[1]?.media).toHaveLength(2);
  });

  it('uploads a video by its upload instructions, finalizes with the ETags and waits until AVAILABLE', async () => {
    const { app, user, account } = await setup('linkedin');
    const video = await mp4(app, user, 5 * 1024 * 1024);
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      content: 'Video',
      media: [video.id],
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    const [published] = await sandboxPublished(sandbox, 'linkedin');
    expect(published?.media).toEqual([{ kind: 'video', bytes: video.sizeBytes }]);
    expect(await sandboxRequests(sandbox, { pathPrefix: '/www.linkedin.com/dms-uploads/' })).toHaveLength(2);
  });

  it('publishes an article post with visibility from the metadata', async () => {
    const { app, user, account } = await setup('linkedin');
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      postType: 'article',
      content: 'Worth reading',
      metadata: {
        articleUrl: 'https://example.com/story',
        articleTitle: 'A story',
        visibility: 'CONNECTIONS',
      },
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    const [published] = await sandboxPublished(sandbox, 'linkedin');
    expect(published?.type).toBe('article');
    expect(published?.media).toEqual([{ kind: 'article', url: 'https://example.com/story' }]);
  });

  it("fails a duplicate post at once with 'Backend error: ...'", async () => {
    const { app, user, account } = await setup('linkedin');
    const first = await createPost(app, user, { socialAccountId: account.id, content: 'Twice' });
    await publishNow(app, user, first.id);
    const second = await createPost(app, user, { socialAccountId: account.id, content: 'Twice' });
    const result = await publishNow(app, user, second.id);

    expect(result.status).toBe('failed');
    expect(result.errorMessage).toMatch(/^Backend error: \{.*DUPLICATE_POST/);
  });

  it("finds a post whose answer was lost through LinkedIn's duplicate refusal, since it cannot list a member's posts", {
    timeout: 30_000,
  }, async () => {
    const { app, user, account } = await setup('linkedin', { PUBLISH_REQUEST_TIMEOUT_MS: '1000' });
    await injectFault(sandbox, {
      platform: 'linkedin',
      method: 'POST',
      pathSuffix: '/rest/posts',
      kind: 'reset',
      commit: true,
    });
    const post = await createPost(app, user, { socialAccountId: account.id, content: 'Dropped' });
    expect((await publishNow(app, user, post.id)).status).toBe('scheduled');
    await app.deps.engine.start();
    const result = await waitForOutcome(app, user, post.id, 20_000);

    const [published] = await sandboxPublished(sandbox, 'linkedin');
    expect(result.status, result.errorMessage ?? '').toBe('posted');
    expect(result.platformPostId).toBe(published?.id);
    expect(await sandboxPublished(sandbox, 'linkedin')).toHaveLength(1);
    // Sent again after the settling time: LinkedIn named the post the first request created.
    expect((await sandboxRequests(sandbox, { pathSuffix: '/rest/posts' })).map((r) => r.status)).toEqual([
      0, 422,
    ]);
  });
});

describe('TikTok adapter', () => {
  it('asks for creator info, uploads a small video in one chunk and records the public id and address', async () => {
    const { app, user, account } = await setup('tiktok');
    const video = await mp4(app, user, 1024 * 1024);
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      postType: 'video',
      content: 'My first clip #demo',
      media: [video.id],
      metadata: { privacy_level: 'SELF_ONLY' },
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    const [published] = await sandboxPublished(sandbox, 'tiktok');
    expect(published?.text).toBe('My first clip #demo');
    expect(published?.media).toEqual([{ kind: 'video', bytes: video.sizeBytes }]);
    expect(result.platformPostId).toBe(published?.id);
    expect(result.platformPostUrl).toBe(published?.permalink.replace('https://', `${sandbox.url}/`));
    expect(await sandboxRequests(sandbox, { pathSuffix: '/creator_info/query/' })).toHaveLength(1);
    expect(await sandboxRequests(sandbox, { pathPrefix: '/open-upload.tiktokapis.com/' })).toHaveLength(1);
  });

  it('uploads a larger video in valid chunks with Content-Range', async () => {
    const { app, user, account } = await setup('tiktok');
    const video = await mp4(app, user, 21 * 1024 * 1024);
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      postType: 'video',
      content: 'Long',
      media: [video.id],
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    const uploads = await sandboxRequests(sandbox, { pathPrefix: '/open-upload.tiktokapis.com/' });
    expect(uploads.map((r) => r.status)).toEqual([206, 201]);
  });

  it('publishes photos that TikTok pulls from signed public addresses', async () => {
    const { app, user, account } = await setup('tiktok');
    const a = await jpeg(app, user);
    const b = await jpeg(app, user, 'second.jpg');
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      postType: 'photo',
      content: 'Two photos',
      media: [a.id, b.id],
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    const [published] = await sandboxPublished(sandbox, 'tiktok');
    expect(published?.media).toHaveLength(2);
    for (const media of published?.media ?? [])
      expect(media.url).toMatch(new RegExp(`^${app.url}/api/media/public/`));
  });

  it('fails with a clear message when the account does not offer the chosen privacy level', async () => {
    const { app, user, account } = await setup('tiktok');
    // An unaudited app or a private account: only SELF_ONLY is offered.
    await injectFault(sandbox, {
      platform: 'tiktok',
      pathSuffix: '/creator_info/query/',
      kind: 'status',
      status: 200,
      body: {
        data: { creator_username: 'demo', privacy_level_options: ['SELF_ONLY'], comment_disabled: false },
        error: { code: 'ok', message: '', log_id: 'x' },
      },
    });
    const video = await mp4(app, user);
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      postType: 'video',
      content: 'Public please',
      media: [video.id],
      metadata: { privacy_level: 'PUBLIC_TO_EVERYONE' },
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status).toBe('failed');
    expect(result.errorMessage).toContain('privacy_level_option_mismatch');
    expect(result.errorMessage).toContain('SELF_ONLY');
    expect(await sandboxRequests(sandbox, { pathSuffix: '/video/init/' })).toHaveLength(0);
  });

  it('reports the privacy options of the account for the composer', async () => {
    const { app, user, account } = await setup('tiktok');
    const res = await app.request(`/api/accounts/${account.id}/creator-info`, {
      headers: { cookie: user.cookie },
    });
    const body = (await res.json()) as {
      privacyLevelOptions: string[];
      maxVideoPostDurationSec: number | null;
    };
    expect(body.privacyLevelOptions).toEqual([
      'PUBLIC_TO_EVERYONE',
      'MUTUAL_FOLLOW_FRIENDS',
      'FOLLOWER_OF_CREATOR',
      'SELF_ONLY',
    ]);
    expect(body.maxVideoPostDurationSec).toBe(600);
  });

  it("maps TikTok's refusal to 'Action failed: {body}'", async () => {
    const { app, user, account } = await setup('tiktok');
    await injectFault(sandbox, {
      platform: 'tiktok',
      pathSuffix: '/video/init/',
      kind: 'status',
      status: 403,
      body: {
        data: {},
        error: { code: 'spam_risk_too_many_posts', message: 'Daily post cap reached', log_id: 'y' },
      },
    });
    const video = await mp4(app, user);
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      postType: 'video',
      content: 'Capped',
      media: [video.id],
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status).toBe('failed');
    expect(result.errorMessage).toMatch(/^Action failed: \{.*spam_risk_too_many_posts/);
  });
});

describe('Facebook adapter', () => {
  it('publishes text on the feed and records the permalink', async () => {
    const { app, user, account } = await setup('facebook');
    const post = await createPost(app, user, { socialAccountId: account.id, content: 'Hello Page' });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    const [published] = await sandboxPublished(sandbox, 'facebook');
    expect(published?.text).toBe('Hello Page');
    expect(result.platformPostId).toBe(published?.id);
    expect(result.platformPostUrl).toBe(published?.permalink.replace('https://', `${sandbox.url}/`));
  });

  it('publishes one photo, several photos as one post, and a video', async () => {
    const { app, user, account } = await setup('facebook');
    const a = await jpeg(app, user);
    const b = await png(app, user);
    const video = await mp4(app, user);
    for (const [content, media] of [
      ['One photo', [a.id]],
      ['Two photos', [a.id, b.id]],
      ['A video', [video.id]],
    ] as const) {
      const post = await createPost(app, user, { socialAccountId: account.id, content, media: [...media] });
      const result = await publishNow(app, user, post.id);
      expect(result.status, result.errorMessage ?? '').toBe('posted');
      expect(result.platformPostUrl).toMatch(/^http/);
    }
    const published = await sandboxPublished(sandbox, 'facebook');
    expect(published.map((p) => [p.text, p.type, p.media.length])).toEqual([
      ['One photo', 'image', 1],
      ['Two photos', 'image', 2],
      ['A video', 'video', 1],
    ]);
  });

  it('publishes a reel through start, upload and finish', async () => {
    const { app, user, account } = await setup('facebook');
    const video = await mp4(app, user);
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      postType: 'reel',
      content: 'Reel time',
      media: [video.id],
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    const [published] = await sandboxPublished(sandbox, 'facebook');
    expect(published?.type).toBe('reel');
    expect(published?.media).toEqual([{ kind: 'video', bytes: video.sizeBytes }]);
    expect(result.platformPostUrl).toContain('/reel/');
  });

  it('publishes photo and video stories', async () => {
    const { app, user, account } = await setup('facebook');
    const photo = await jpeg(app, user);
    const video = await mp4(app, user);
    for (const media of [photo, video]) {
      const post = await createPost(app, user, {
        socialAccountId: account.id,
        postType: 'story',
        content: '',
        media: [media.id],
      });
      const result = await publishNow(app, user, post.id);
      expect(result.status, result.errorMessage ?? '').toBe('posted');
    }
    const published = await sandboxPublished(sandbox, 'facebook');
    expect(published.map((p) => [p.type, p.media[0]?.kind])).toEqual([
      ['story', 'image'],
      ['story', 'video'],
    ]);
  });

  it("maps a refusal to 'Facebook API error: {body}'", async () => {
    const { app, user, account } = await setup('facebook');
    const first = await createPost(app, user, { socialAccountId: account.id, content: 'Same status' });
    await publishNow(app, user, first.id);
    const second = await createPost(app, user, { socialAccountId: account.id, content: 'Same status' });
    const result = await publishNow(app, user, second.id);

    expect(result.status).toBe('failed');
    expect(result.errorMessage).toMatch(/^Facebook API error: \{.*Duplicate status message/);
  });
});

describe('Instagram adapter', () => {
  it('publishes a JPEG image with alt text through a container and records the permalink', async () => {
    const { app, user, account } = await setup('instagram');
    const photo = await jpeg(app, user);
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      content: 'Golden hour',
      media: [photo.id],
      metadata: { alt_text: 'A sunset' },
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    const [published] = await sandboxPublished(sandbox, 'instagram');
    expect(published?.text).toBe('Golden hour');
    expect(published?.media[0]?.url).toContain(`${app.url}/api/media/public/${photo.id}?`);
    expect(result.platformPostId).toBe(published?.id);
    expect(result.platformPostUrl).toBe(published?.permalink.replace('https://', `${sandbox.url}/`));
  });

  it('sends a JPEG copy of a PNG, since Instagram publishes JPEG only', async () => {
    const { app, user, account } = await setup('instagram');
    const picture = await png(app, user);
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      content: 'Converted',
      media: [picture.id],
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    const [published] = await sandboxPublished(sandbox, 'instagram');
    const url = published?.media[0]?.url ?? '';
    expect(url).not.toContain(picture.id);
    const fetched = await fetch(url);
    expect(fetched.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await fetched.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('publishes a reel, a story and a carousel whose children are created first', async () => {
    const { app, user, account } = await setup('instagram');
    const photo = await jpeg(app, user);
    const second = await png(app, user);
    const video = await mp4(app, user);
    const posts = [
      { postType: 'reel', content: 'Reel', media: [video.id] },
      { postType: 'story', content: '', media: [photo.id] },
      { postType: 'carousel', content: 'Carousel', media: [photo.id, second.id, video.id] },
    ];
    for (const input of posts) {
      const post = await createPost(app, user, { socialAccountId: account.id, ...input });
      const result = await publishNow(app, user, post.id);
      expect(result.status, result.errorMessage ?? '').toBe('posted');
      expect(result.platformPostUrl).toMatch(/^http/);
    }
    const published = await sandboxPublished(sandbox, 'instagram');
    expect(published.map((p) => [p.type, p.media.map((m) => m.kind)])).toEqual([
      ['reel', ['video']],
      ['story', ['image']],
      ['carousel', ['image', 'image', 'video']],
    ]);
  });

  it('fails with the status text when Instagram cannot process the media', async () => {
    const { app, user, account } = await setup('instagram');
    const photo = await jpeg(app, user);
    // The platform cannot download the file: the container ends in ERROR.
    await app.deps.db
      .updateTable('media')
      .set({ storagePath: 'media/missing/none.jpg' })
      .where('id', '=', photo.id)
      .execute();
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      content: 'Broken',
      media: [photo.id],
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status).toBe('failed');
    expect(result.errorMessage).toMatch(/^Instagram API error: Error: /);
    expect(await sandboxRequests(sandbox, { pathSuffix: '/media_publish' })).toHaveLength(0);
  });
});

describe('Threads adapter', () => {
  it('publishes text, an image, a video and a carousel through containers', async () => {
    const { app, user, account } = await setup('threads');
    const photo = await jpeg(app, user);
    const second = await png(app, user);
    const video = await mp4(app, user);
    const inputs = [
      { content: 'Just words', media: [] },
      { content: 'A photo', media: [photo.id] },
      { content: 'A clip', media: [video.id] },
      { content: 'Several', media: [photo.id, second.id] },
    ];
    for (const input of inputs) {
      const post = await createPost(app, user, { socialAccountId: account.id, ...input });
      const result = await publishNow(app, user, post.id);
      expect(result.status, result.errorMessage ?? '').toBe('posted');
      expect(result.platformPostUrl).toMatch(new RegExp(`^${sandbox.url}/www\\.threads\\.(com|net)/`));
    }
    const published = await sandboxPublished(sandbox, 'threads');
    expect(published.map((p) => [p.text, p.media.map((m) => m.kind)])).toEqual([
      ['Just words', []],
      ['A photo', ['image']],
      ['A clip', ['video']],
      ['Several', ['image', 'image']],
    ]);
  });

  it('publishes a reply chain, each part replying to the previous one', async () => {
    const { app, user, account } = await setup('threads');
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      content: 'Part one',
      tweets: [
        { content: 'Part one', media: [] },
        { content: 'Part two', media: [] },
        { content: 'Part three', media: [] },
      ],
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    const published = await sandboxPublished(sandbox, 'threads');
    expect(published.map((p) => p.text)).toEqual(['Part one', 'Part two', 'Part three']);
    expect(published[1]?.replyToId).toBe(published[0]?.id);
    expect(published[2]?.replyToId).toBe(published[1]?.id);
    expect(result.platformPostId).toBe(published[0]?.id);
  });

  it('resumes a reply chain from the parts an earlier attempt already published', async () => {
    const { app, user, account } = await setup('threads');
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      content: 'First',
      tweets: [
        { content: 'First', media: [] },
        { content: 'Second', media: [] },
      ],
    });
    // An earlier attempt published the first part, then failed before the second.
    const earlier = await createPost(app, user, { socialAccountId: account.id, content: 'First' });
    const root = await publishNow(app, user, earlier.id);
    await app.deps.db
      .updateTable('scheduledPosts')
      .set({ publishProgress: JSON.stringify({ parts: [root.platformPostId] }) })
      .where('id', '=', post.id)
      .execute();
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    const published = await sandboxPublished(sandbox, 'threads');
    expect(published.map((p) => p.text)).toEqual(['First', 'Second']);
    expect(published[1]?.replyToId).toBe(root.platformPostId);
    expect(result.platformPostId).toBe(root.platformPostId);
  });
});

describe('expired tokens on other platforms', () => {
  it('refreshes an expired TikTok token (rotating refresh token) once and publishes', async () => {
    const { app, user, account } = await setup('tiktok');
    await control(sandbox, '/expire-tokens', { platform: 'tiktok' });
    const video = await mp4(app, user);
    const post = await createPost(app, user, {
      socialAccountId: account.id,
      postType: 'video',
      content: 'Fresh token',
      media: [video.id],
    });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    expect(
      (await sandboxRequests(sandbox, { pathSuffix: '/creator_info/query/' })).map((r) => r.status),
    ).toEqual([401, 200]);
    expect(await sandboxPublished(sandbox, 'tiktok')).toHaveLength(1);
  });

  it('refreshes a Threads token once when Meta answers code 190 with HTTP 400, then publishes', async () => {
    const { app, user, account } = await setup('threads');
    // Meta refreshes long-lived tokens only once they are a day old.
    await control(sandbox, '/clock', { advanceMs: 25 * 3600 * 1000 });
    await injectFault(sandbox, {
      platform: 'threads',
      method: 'POST',
      pathSuffix: '/threads',
      kind: 'status',
      status: 400,
      body: {
        error: {
          message: 'Error validating access token: Session has expired.',
          type: 'OAuthException',
          code: 190,
          error_subcode: 463,
        },
      },
    });
    const post = await createPost(app, user, { socialAccountId: account.id, content: 'After 190' });
    const result = await publishNow(app, user, post.id);

    expect(result.status, result.errorMessage ?? '').toBe('posted');
    expect((await sandboxRequests(sandbox, { pathSuffix: '/threads' })).map((r) => r.status)).toEqual([
      400, 200,
    ]);
    expect(await sandboxRequests(sandbox, { pathSuffix: '/refresh_access_token' })).toHaveLength(1);
    expect(await sandboxPublished(sandbox, 'threads')).toHaveLength(1);
  });
});

describe('expired LinkedIn token', () => {
  it('fails without retrying when LinkedIn refuses the token and there is no refresh token', async () => {
    const { app, user, account } = await setup('linkedin');
    await control(sandbox, '/expire-tokens', { platform: 'linkedin' });
    const post = await createPost(app, user, { socialAccountId: account.id, content: 'Needs a new token' });
    const result = await publishNow(app, user, post.id);

    expect(result.status).toBe('failed');
    expect(result.errorMessage).toBe('Your account needs to be reconnected. Please reconnect your account.');
    const stored = await app.deps.db
      .selectFrom('socialAccounts')
      .select(['status', 'lastError'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('needs_reconnect');
    expect(stored.lastError).toContain('EXPIRED_ACCESS_TOKEN');
    // One refresh attempt (none possible for LinkedIn members), one repeat, then no more.
    expect((await sandboxRequests(sandbox, { pathSuffix: '/rest/posts' })).map((r) => r.status)).toEqual([
      401, 401,
    ]);
    expect(await sandboxPublished(sandbox, 'linkedin')).toHaveLength(0);
  });
});

describe('a create request whose answer was lost, on each platform', () => {
  /**
   * Publishes a post whose request matching `fault` loses its answer (commit: the platform
   * handled it first; otherwise it never got it), then lets the scheduler ask the platform.
   */
  async function loseAnswer(
    platform: PlatformId,
    fault: { pathSuffix?: string; pathPrefix?: string; method: string; commit: boolean },
    post: (
      app: ServedApp,
      user: TestUser,
    ) => Promise<{ content: string; media?: string[]; postType?: string }>,
  ) {
    const { app, user, account } = await setup(platform, { PUBLISH_REQUEST_TIMEOUT_MS: '1000' });
    const input = await post(app, user);
    await injectFault(sandbox, { ...fault, kind: 'reset' });
    const created = await createPost(app, user, { socialAccountId: account.id, ...input });
    expect((await publishNow(app, user, created.id)).status).toBe('scheduled');
    await app.deps.engine.start();
    return waitForOutcome(app, user, created.id, 20_000);
  }

  it('records the Page post once the feed lists it', { timeout: 30_000 }, async () => {
    const result = await loseAnswer(
      'facebook',
      { method: 'POST', pathSuffix: '/feed', commit: true },
      async () => ({
        content: 'Page news',
      }),
    );
    const [published] = await sandboxPublished(sandbox, 'facebook');
    expect(result.status, result.errorMessage ?? '').toBe('posted');
    expect(result.platformPostId).toBe(published?.id);
    expect(result.platformPostUrl).toBe(published?.permalink.replace('https://', `${sandbox.url}/`));
    expect(await sandboxPublished(sandbox, 'facebook')).toHaveLength(1);
  });

  it('asks Instagram about the container, then records the media once listed', {
    timeout: 30_000,
  }, async () => {
    const result = await loseAnswer(
      'instagram',
      { method: 'POST', pathSuffix: '/media_publish', commit: true },
      async (app, user) => ({ content: 'Lost caption', media: [(await jpeg(app, user)).id] }),
    );
    const [published] = await sandboxPublished(sandbox, 'instagram');
    expect(result.status, result.errorMessage ?? '').toBe('posted');
    expect(result.platformPostId).toBe(published?.id);
    expect(await sandboxRequests(sandbox, { pathSuffix: '/media_publish' })).toHaveLength(1);
  });

  it('publishes again, once, when the Instagram container was never published', {
    timeout: 30_000,
  }, async () => {
    // Dropped before Instagram reads it: the container stays unpublished.
    const result = await loseAnswer(
      'instagram',
      { method: 'POST', pathSuffix: '/media_publish', commit: false },
      async (app, user) => ({ content: 'Second try', media: [(await jpeg(app, user)).id] }),
    );
    expect(result.status, result.errorMessage ?? '').toBe('posted');
    expect((await sandboxPublished(sandbox, 'instagram')).map((p) => p.text)).toEqual(['Second try']);
    expect((await sandboxRequests(sandbox, { pathSuffix: '/media_publish' })).map((r) => r.status)).toEqual([
      0, 200,
    ]);
  });

  it('asks Threads about the container and records the thread', { timeout: 30_000 }, async () => {
    const result = await loseAnswer(
      'threads',
      { method: 'POST', pathSuffix: '/threads_publish', commit: true },
      async () => ({ content: 'Thread words' }),
    );
    const [published] = await sandboxPublished(sandbox, 'threads');
    expect(result.status, result.errorMessage ?? '').toBe('posted');
    expect(result.platformPostId).toBe(published?.id);
    expect(await sandboxPublished(sandbox, 'threads')).toHaveLength(1);
  });

  it('reads the TikTok publish status of a video whose last chunk lost its answer', {
    timeout: 30_000,
  }, async () => {
    const result = await loseAnswer(
      'tiktok',
      { method: 'PUT', pathPrefix: '/open-upload.tiktokapis.com/', commit: true },
      async (app, user) => ({
        postType: 'video',
        content: 'Uploaded anyway',
        media: [(await mp4(app, user, 1024 * 1024)).id],
      }),
    );
    const [published] = await sandboxPublished(sandbox, 'tiktok');
    expect(result.status, result.errorMessage ?? '').toBe('posted');
    expect(result.platformPostId).toBe(published?.id);
    expect(await sandboxRequests(sandbox, { pathSuffix: '/video/init/' })).toHaveLength(1);
    expect(await sandboxPublished(sandbox, 'tiktok')).toHaveLength(1);
  });

  it('asks the user to check TikTok when a photo post lost the answer that held its publish id', {
    timeout: 30_000,
  }, async () => {
    const result = await loseAnswer(
      'tiktok',
      { method: 'POST', pathSuffix: '/content/init/', commit: true },
      async (app, user) => ({
        postType: 'photo',
        content: 'Cannot tell',
        media: [(await jpeg(app, user)).id],
      }),
    );
    expect(result.status).toBe('failed');
    expect(result.errorMessage).toBe(UNKNOWN_OUTCOME_MESSAGE);
    expect(await sandboxRequests(sandbox, { pathSuffix: '/content/init/' })).toHaveLength(1);
  });
});
