import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser, type PostsUser } from './posts-support.js';

describe('preferences API', () => {
  let t: TestApp;
  let user: PostsUser;

  beforeEach(async () => {
    t = await createTestApp();
    user = await createUser(t);
  });
  afterEach(() => t.close());

  it('answers UTC and 24h until the user chooses', async () => {
    const res = await t.request('/api/settings/preferences', { headers: user.headers });
    expect(await res.json()).toEqual({
      timezone: 'UTC',
      timeFormat: '24h',
      displayName: null,
      language: 'en',
    });
  });

  it('saves a valid IANA timezone and 12h clock, and refuses an unknown zone', async () => {
    const saved = await t.request('/api/settings/preferences', {
      method: 'PATCH',
      headers: user.headers,
      json: { timezone: 'America/Los_Angeles', timeFormat: '12h' },
    });
    expect(await saved.json()).toMatchObject({ timezone: 'America/Los_Angeles', timeFormat: '12h' });
    const bad = await t.request('/api/settings/preferences', {
      method: 'PATCH',
      headers: user.headers,
      json: { timezone: 'Mars/Olympus_Mons' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      field: 'timezone',
      message: 'Please choose a valid time zone.',
    });
    const badFormat = await t.request('/api/settings/preferences', {
      method: 'PATCH',
      headers: user.headers,
      json: { timeFormat: '36h' },
    });
    expect(badFormat.status).toBe(400);
    const read = await t.request('/api/settings/preferences', { headers: user.headers });
    expect(await read.json()).toMatchObject({ timezone: 'America/Los_Angeles', timeFormat: '12h' });
  });

  it('needs a session', async () => {
    expect((await t.request('/api/settings/preferences')).status).toBe(401);
  });
});
