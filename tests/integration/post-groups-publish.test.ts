import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import type { PostDto } from '../../shared/posts/api.js';
import { connectInProcess, createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import { injectFault, resetSandbox, sandboxPublished } from '../support/publishing-support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let sandbox: RunningSandbox;
let t: TestApp;
let user: InProcessUser;
let accounts: Record<'twitter' | 'facebook' | 'linkedin', string>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 20 });
});
afterAll(() => sandbox.close());

beforeEach(async () => {
  await resetSandbox(sandbox);
  t = await createTestApp({ SANDBOX_URL: sandbox.url, PUBLISH_RETRY_BASE_MS: '100' });
  user = await createSignedInUser(t);
  const [twitter] = await connectInProcess(t, user, 'twitter');
  const [facebook] = await connectInProcess(t, user, 'facebook');
  const [linkedin] = await connectInProcess(t, user, 'linkedin');
  accounts = { twitter: twitter!, facebook: facebook!, linkedin: linkedin! };
});
afterEach(async () => {
  await t.deps.engine.stop();
  await t.close();
});

describe('Post Now for a group', () => {
  it("publishes each version on its own: one network's failure leaves the others posted", async () => {
    // Facebook refuses the Page post for good; X and LinkedIn answer as usual.
    await injectFault(sandbox, {
      platform: 'facebook',
      method: 'POST',
      pathSuffix: '/feed',
      kind: 'status',
      status: 400,
      body: { error: { message: '(#200) Permissions error', type: 'OAuthException', code: 200 } },
    });
    const res = await t.request('/api/post-groups', {
      method: 'POST',
      headers: { cookie: user.cookie },
      json: {
        accountIds: [accounts.twitter, accounts.facebook, accounts.linkedin],
        shared: { content: 'Out everywhere at once', media: [] },
        action: 'publish',
      },
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    const posts = body.group.posts as PostDto[];
    const of = (accountId: string) => posts.find((post) => post.socialAccountId === accountId)!;

    expect(of(accounts.twitter)).toMatchObject({ status: 'posted' });
    expect(of(accounts.twitter).platformPostUrl).toBeTruthy();
    expect(of(accounts.linkedin)).toMatchObject({ status: 'posted' });
    expect(of(accounts.facebook).status).not.toBe('posted');
    expect(of(accounts.facebook).errorMessage).toBeTruthy();

    expect((await sandboxPublished(sandbox, 'twitter')).map((post) => post.text)).toEqual([
      'Out everywhere at once',
    ]);
    expect(await sandboxPublished(sandbox, 'linkedin')).toHaveLength(1);
    expect(await sandboxPublished(sandbox, 'facebook')).toHaveLength(0);
  });
});

describe('the post group API in the OpenAPI document', () => {
  it('describes every operation in the OpenAPI document, with its schemas and error answers', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    const create = doc.paths['/api/post-groups'].post;
    expect(Object.keys(create.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['accountIds', 'shared', 'versions', 'action', 'scheduledAt']),
    );
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '404']));
    expect(create.security).toEqual([{ cookie: [] }, { bearer: ['posts:write'] }]);
    const item = doc.paths['/api/post-groups/{id}'];
    for (const method of ['get', 'patch', 'delete']) {
      expect(Object.keys(item[method].responses), method).toEqual(expect.arrayContaining(['200', '404']));
    }
    expect(item.delete.parameters.map((p: { name: string }) => p.name)).toContain('scope');
  });
});
