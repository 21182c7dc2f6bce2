import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LATE_GRACE_MINUTES } from '../../shared/posts/post-timing.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('GET /api/app-config', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it("tells the web app the engine's grace before a scheduled post counts as missed", async () => {
    t = await createTestApp();
    expect((await (await t.request('/api/app-config')).json()).lateGraceMinutes).toBe(
      DEFAULT_LATE_GRACE_MINUTES,
    );
  });

  it('follows LATE_GRACE_MINUTES', async () => {
    t = await createTestApp({ LATE_GRACE_MINUTES: '5' });
    expect((await (await t.request('/api/app-config')).json()).lateGraceMinutes).toBe(5);
  });
});
