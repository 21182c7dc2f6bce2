import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserEvent } from '../../server/core/event-bus.js';
import {
  createOrMergeGroupNotification,
  GROUP_NOTIFICATION_WINDOW_MS,
} from '../../server/notifications/create-notification.js';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import type { NotificationDto, NotificationsResult } from '../../shared/notifications/api.js';
import type { PostDto } from '../../shared/posts/api.js';
import type { GroupAccountStatus } from '../../shared/posts/group-outcome.js';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../shared/settings/notification-preferences.js';
import { startSmtp } from '../support/delivery-servers.js';
import { connectInProcess, createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import { injectFault, resetSandbox } from '../support/publishing-support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let sandbox: RunningSandbox;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let user: InProcessUser;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 20 });
  smtp = await startSmtp();
});
afterAll(async () => {
  await sandbox.close();
  await smtp.close();
});

beforeEach(async () => {
  await resetSandbox(sandbox);
  smtp.mails.length = 0;
  t = await createTestApp({ SANDBOX_URL: sandbox.url, SMTP_URL: smtp.url, PUBLISH_RETRY_BASE_MS: '100' });
  user = await createSignedInUser(t);
});
afterEach(async () => {
  await t.deps.engine.stop();
  await t.close();
});

async function notifications(who = user): Promise<NotificationsResult> {
  return (await t.request('/api/notifications', { headers: { cookie: who.cookie } })).json();
}

async function postNowAsGroup(accountIds: string[], content: string) {
  const res = await t.request('/api/post-groups', {
    method: 'POST',
    headers: { cookie: user.cookie },
    json: { accountIds, shared: { content, media: [] }, action: 'publish' },
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.group as { id: string; posts: PostDto[] };
}

describe('the notification of a post group', () => {
  it("is one entry for the accounts published together, with each account's fate and the failure's reason", async () => {
    const [x] = await connectInProcess(t, user, 'twitter');
    const [facebook] = await connectInProcess(t, user, 'facebook');
    const [linkedin] = await connectInProcess(t, user, 'linkedin');
    await injectFault(sandbox, {
      platform: 'facebook',
      method: 'POST',
      pathSuffix: '/feed',
      kind: 'status',
      status: 400,
      body: { error: { message: '(#200) Permissions error', type: 'OAuthException', code: 200 } },
    });
    const group = await postNowAsGroup([x!, facebook!, linkedin!], 'Out to three at once');

    const { notifications: list, unreadCount } = await notifications();
    expect(unreadCount).toBe(1);
    expect(list).toHaveLength(1);
    const [entry] = list as [NotificationDto];
    expect(entry).toMatchObject({ type: 'post_failure', title: 'Posted to 2 of 3 accounts', read: false });
    expect(entry.message).toMatch(
      /^Published on X \(.+\) and LinkedIn \(.+\)\. Could not publish on Facebook/,
    );
    expect(entry.message).toContain('Permissions error');
    expect(entry.data?.groupId).toBe(group.id);
    const accounts = entry.data?.accounts as GroupAccountStatus[];
    expect(accounts.map((account) => [account.platform, account.status])).toEqual([
      ['twitter', 'posted'],
      ['facebook', 'failed'],
      ['linkedin', 'posted'],
    ]);
    expect(accounts[0]!.url).toMatch(/\/x.com\/avarivers\/status\//);
    expect(accounts[1]!.error).toContain('Permissions error');
    expect(accounts.map((account) => account.postId).sort()).toEqual(group.posts.map((p) => p.id).sort());

    const read = await t.request('/api/notifications/read', {
      method: 'POST',
      headers: { cookie: user.cookie },
      json: { ids: [entry.id] },
    });
    expect((await read.json()).unreadCount).toBe(0);
  });

  it('reads as a lone post when the group has one account left', async () => {
    const [linkedin] = await connectInProcess(t, user, 'linkedin');
    await postNowAsGroup([linkedin!], 'Only one account');
    const { notifications: list } = await notifications();
    expect(list.map((n) => [n.title, n.message])).toEqual([
      ['Post published', 'Your LinkedIn post was published.'],
    ]);
  });
});

describe('merging the outcomes of a group', () => {
  const outcome = (type: 'post_success' | 'post_failure', title: string) => async () => ({
    type,
    title,
    message: title,
    data: { accounts: [] },
  });

  it('keeps outcomes further apart than the window, and other users, in entries of their own', async () => {
    const stranger = await createSignedInUser(t);
    const now = Date.now();
    const early = now - GROUP_NOTIFICATION_WINDOW_MS - 1000;
    const input = { userId: user.id, groupId: 'g1' };
    await createOrMergeGroupNotification(t.deps, input, outcome('post_success', 'first'), early);
    await createOrMergeGroupNotification(t.deps, input, outcome('post_success', 'later'), now);
    await createOrMergeGroupNotification(t.deps, input, outcome('post_success', 'merged'), now + 1);
    await createOrMergeGroupNotification(
      t.deps,
      { userId: stranger.id, groupId: 'g1' },
      outcome('post_success', 'theirs'),
      now,
    );
    expect((await notifications()).notifications.map((n) => n.title)).toEqual(['merged', 'first']);
    expect((await notifications(stranger)).notifications.map((n) => n.title)).toEqual(['theirs']);
  });

  it('makes a read entry unread and newest again, and says it again only when it turns into a failure', async () => {
    await t.request('/api/settings/notifications', {
      method: 'PUT',
      headers: { cookie: user.cookie },
      json: { ...DEFAULT_NOTIFICATION_PREFERENCES, posts: { email: true, push: false } },
    });
    const events: UserEvent[] = [];
    const stop = t.deps.events.subscribe(user.id, (event) => events.push(event));
    const input = { userId: user.id, groupId: 'g2' };
    const now = Date.now();
    const first = await createOrMergeGroupNotification(t.deps, input, outcome('post_success', '1 of 3'), now);
    await t.request('/api/notifications/read-all', { method: 'POST', headers: { cookie: user.cookie } });
    await createOrMergeGroupNotification(t.deps, input, outcome('post_success', '2 of 3'), now + 1);
    await createOrMergeGroupNotification(
      t.deps,
      input,
      outcome('post_failure', '2 of 3, one failed'),
      now + 2,
    );
    stop();

    const after = await notifications();
    expect(after.unreadCount).toBe(1);
    expect(after.notifications).toEqual([
      expect.objectContaining({
        id: first?.id,
        title: '2 of 3, one failed',
        type: 'post_failure',
        read: false,
      }),
    ]);
    expect(
      events.map((event) => [event.type, 'becameFailure' in event ? event.becameFailure : null]),
    ).toEqual([
      ['notification.inserted', null],
      ['notification.updated', false],
      ['notification.updated', true],
    ]);
    const deadline = Date.now() + 5000;
    while (smtp.mails.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.map((mail) => /Subject: Postloom: (.*)/.exec(mail.data)?.[1])).toEqual([
      '1 of 3',
      '2 of 3, one failed',
    ]);
  });
});

describe('the notification list in the OpenAPI document', () => {
  it("describes a group's notification: its group and each account", async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    const operation = doc.paths['/api/notifications'].get;
    const schema = operation.responses['200'].content['application/json'].schema;
    const data = schema.properties.notifications.items.properties.data;
    const fields = Object.keys(
      (data.anyOf?.find((s: { type?: string }) => s.type === 'object') ?? data).properties,
    );
    expect(fields).toEqual(expect.arrayContaining(['postId', 'groupId', 'accounts']));
    expect(operation.security).toEqual([{ cookie: [] }, { bearer: [] }]);
  });
});
