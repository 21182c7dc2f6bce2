import { createSession } from '../../server/auth/create-session.js';
import { newId } from '../../server/core/ids.js';
import type { TestApp } from './test-app.js';

export interface InProcessUser {
  id: string;
  cookie: string;
}

/** A confirmed user with a session, created directly (for suites that are not about sign-in). */
export async function createSignedInUser(
  t: TestApp,
  email = `${newId()}@postloom.test`,
): Promise<InProcessUser> {
  const now = Date.now();
  const id = newId();
  await t.deps.db
    .insertInto('users')
    .values({
      id,
      email,
      passwordHash: null,
      emailConfirmedAt: now,
      googleSub: null,
      timezone: 'UTC',
      language: 'en',
      timeFormat: null,
      setupComplete: 1,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const session = await createSession(t.deps, id, { remember: true, kind: 'cookie' });
  return { id, cookie: `postloom_session=${session.token}` };
}

/** Connects a platform through an auto-approving sandbox; returns the new account ids. */
export async function connectInProcess(t: TestApp, user: InProcessUser, platform: string): Promise<string[]> {
  const headers = { cookie: user.cookie };
  const start = await t.request(`/api/accounts/${platform}/connect`, { headers });
  if (!start.ok) throw new Error(`connect ${platform}: ${start.status} ${await start.text()}`);
  const { url } = (await start.json()) as { url: string };
  const consent = await fetch(url, { redirect: 'manual' });
  const landing = new URL((consent.headers.get('location') ?? '').replace(/#_$/, ''));
  const res = await t.request(`/api/accounts/${platform}/callback`, {
    method: 'POST',
    headers,
    json: { code: landing.searchParams.get('code'), state: landing.searchParams.get('state') },
  });
  const body = (await res.json()) as { choosePages?: { selectionId: string; pages: Array<{ id: string }> } };
  if (!res.ok) throw new Error(`callback ${platform}: ${res.status} ${JSON.stringify(body)}`);
  if (body.choosePages) {
    await t.request('/api/accounts/facebook/pages', {
      method: 'POST',
      headers,
      json: { selectionId: body.choosePages.selectionId, pageIds: [body.choosePages.pages[0]?.id] },
    });
  }
  const list = (await (await t.request('/api/accounts', { headers })).json()) as {
    accounts: Array<{ id: string; platform: string }>;
  };
  return list.accounts.filter((a) => a.platform === platform).map((a) => a.id);
}
