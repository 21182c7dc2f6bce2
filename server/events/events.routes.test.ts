import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, createUser, type PostsUser } from '../../tests/integration/posts-support.js';
import { createTestApp, type TestApp } from '../../tests/support/test-app.js';
import { revokeOtherSessions } from '../auth/revoke-sessions.js';
import { sessionMiddleware } from '../auth/session.middleware.js';
import { sha256Hex } from '../core/ids.js';
import { errorHandler } from '../http/middleware.js';
import type { AppEnv } from '../http/types.js';
import { createEventsRoutes } from './events.routes.js';

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

let t: TestApp;
let user: PostsUser;

beforeEach(async () => {
  t = await createTestApp();
  user = await createUser(t);
});
afterEach(() => t.close());

describe('GET /api/events', () => {
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

describe('a live stream ends with its session', () => {
  /** The events route alone, re-checking its session every `sessionCheckMs`. */
  function eventsApp(sessionCheckMs: number) {
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('deps', t.deps);
      return next();
    });
    app.onError(errorHandler);
    app.use('*', sessionMiddleware);
    app.route('/api/events', createEventsRoutes({ sessionCheckMs }));
    return app;
  }

  const streamEnds = (text: string) => text.includes('event: session.ended');

  it('a signed-out session keeps no stream: sign-out closes it at once', async () => {
    const res = await t.request('/api/events', { headers: user.headers });
    const reading = readUntil(res.body!, streamEnds);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const logout = await t.request('/api/auth/logout', { method: 'POST', headers: user.headers });
    expect(logout.status).toBeLessThan(300);
    expect(await reading).toContain('event: session.ended');
  });

  it('a stolen session loses its stream when the password is reset (every session ends)', async () => {
    const res = await t.request('/api/events', { headers: user.headers });
    const reading = readUntil(res.body!, streamEnds);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.deps.lucia.invalidateUserSessions(user.id);
    expect(await reading).toContain('event: session.ended');
  });

  it('other sessions lose their streams when one session changes the password, this one keeps it', async () => {
    const other = await t.deps.lucia.createSession(user.id, { remember: true, kind: 'cookie' });
    const otherHeaders = { authorization: `Bearer ${other.id}` };
    const mine = await t.request('/api/events', { headers: user.headers });
    const theirs = await t.request('/api/events', { headers: otherHeaders });
    const theirsReading = readUntil(theirs.body!, streamEnds);
    const mineReading = readUntil(mine.body!, streamEnds, 600);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const keep = (user.headers.authorization ?? '').slice('Bearer '.length);
    expect(await revokeOtherSessions(t.deps, user.id, keep)).toBe(1);
    expect(await theirsReading).toContain('event: session.ended');
    expect(await mineReading).not.toContain('session.ended');
  });

  it('an expired session loses its stream on the periodic check, without any event', async () => {
    const app = eventsApp(50);
    const res = await app.request('/api/events', { headers: user.headers });
    const reading = readUntil(res.body!, streamEnds);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const token = (user.headers.authorization ?? '').slice('Bearer '.length);
    await t.deps.db
      .updateTable('sessions')
      .set({ expiresAt: Date.now() - 1 })
      .where('id', '=', sha256Hex(token))
      .execute();
    expect(await reading).toContain('event: session.ended');
  });

  it('never forwards session events to the client', async () => {
    const res = await t.request('/api/events', { headers: user.headers });
    const reading = readUntil(res.body!, (text) => text.includes('event: accounts.changed'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    t.deps.events.publish(user.id, { type: 'session.revoked', sessionIds: ['someone-else'] });
    t.deps.events.publish(user.id, { type: 'accounts.changed' });
    const text = await reading;
    expect(text).not.toContain('session.revoked');
    expect(text).not.toContain('someone-else');
  });
});
