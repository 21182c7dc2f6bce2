import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, createUser, type PostsUser } from '../../tests/integration/posts-support.js';
import { createTestApp, type TestApp } from '../../tests/support/test-app.js';

/** Reads the SSE body until `predicate` matches the text so far (or times out). */
async function readUntil(body: ReadableStream<Uint8Array>, predicate: (text: string) => boolean, ms = 3000) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  try {
    while (!predicate(text) && Date.now() < deadline) {
      const next = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(1, deadline - Date.now()))),
      ]);
      if (!next || next.done) break;
      text += decoder.decode(next.value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text;
}

describe('GET /api/events', () => {
  let t: TestApp;
  let user: PostsUser;

  beforeEach(async () => {
    t = await createTestApp();
    user = await createUser(t);
  });
  afterEach(() => t.close());

  it('refuses a request without a session', async () => {
    expect((await t.request('/api/events')).status).toBe(401);
  });

  it("streams the user's post insert as an SSE event, and nothing of another user's", async () => {
    const other = await createUser(t);
    const accountId = await createAccount(t, user.id, 'facebook');
    const otherAccount = await createAccount(t, other.id, 'facebook');
    const res = await t.request('/api/events', { headers: user.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');

    const body = res.body!;
    const reading = readUntil(body, (text) => text.includes('event: post.inserted'));
    // Another user's post first: it must not reach this stream.
    await t.request('/api/posts', {
      method: 'POST',
      headers: other.headers,
      json: { socialAccountId: otherAccount, content: 'theirs', action: 'draft' },
    });
    const created = await t.request('/api/posts', {
      method: 'POST',
      headers: user.headers,
      json: { socialAccountId: accountId, content: 'live!', action: 'draft' },
    });
    const { post } = await created.json();
    const text = await reading;
    expect(text).toContain('event: post.inserted');
    const data = text.split('\n').find((line) => line.startsWith('data: '));
    expect(JSON.parse(data!.slice(6))).toMatchObject({ post: { id: post.id, content: 'live!' } });
    expect(text).not.toContain('theirs');
  });

  it('unsubscribes from the event bus when the client goes away', async () => {
    let active = 0;
    let opened = 0;
    const subscribe = t.deps.events.subscribe.bind(t.deps.events);
    t.deps.events.subscribe = (userId, listener) => {
      active += 1;
      opened += 1;
      const unsubscribe = subscribe(userId, listener);
      return () => {
        active -= 1;
        unsubscribe();
      };
    };
    const res = await t.request('/api/events', { headers: user.headers });
    await readUntil(res.body!, (text) => text.includes('connected'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(opened).toBe(1);
    expect(active).toBe(0);
  });
});
