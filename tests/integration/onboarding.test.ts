import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OnboardingDto } from '../../shared/onboarding/api.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { PASSWORD, signUpConfirmed } from './auth-helpers.js';
import { createAccount } from './posts-support.js';

let t: TestApp;
let cookie: string;
let userId: string;

beforeEach(async () => {
  t = await createTestApp();
  cookie = await signUpConfirmed(t, 'new@example.com');
  const me = await t.request('/api/auth/session', { headers: { cookie } });
  userId = ((await me.json()) as { user: { id: string } }).user.id;
});
afterEach(() => t.close());

async function call<T>(path: string, method = 'GET', json?: unknown): Promise<T> {
  const res = await t.request(path, { method, headers: { cookie }, json });
  const body = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body as T;
}

async function checklist(): Promise<OnboardingDto> {
  return (await call<{ onboarding: OnboardingDto }>('/api/onboarding')).onboarding;
}

function doneSteps(onboarding: OnboardingDto): string[] {
  return onboarding.steps.filter((step) => step.done).map((step) => step.id);
}

describe('the dashboard welcome', () => {
  it('is a first visit once, stored on the server, whatever the browser', async () => {
    expect(await call('/api/onboarding/visit', 'POST')).toEqual({ firstVisit: true });
    expect(await call('/api/onboarding/visit', 'POST')).toEqual({ firstVisit: false });
    // Another session of the same user (another browser) is not a first visit either.
    const login = await t.request('/api/auth/login', {
      method: 'POST',
      json: { email: 'new@example.com', password: PASSWORD, remember: false },
    });
    const other = login.headers.get('set-cookie')?.split(';')[0] ?? '';
    const res = await t.request('/api/onboarding/visit', { method: 'POST', headers: { cookie: other } });
    expect(await res.json()).toEqual({ firstVisit: false });
  });
});

describe('the getting-started checklist', () => {
  it('starts with every step to do and ticks each from the user’s own data', async () => {
    expect(await checklist()).toEqual({
      steps: [
        { id: 'connect_account', done: false },
        { id: 'posting_times', done: false },
        { id: 'first_post', done: false },
        { id: 'extension', done: false },
      ],
      dismissed: false,
      showChecklist: true,
    });

    const account = await createAccount(t, userId, 'linkedin');
    expect(doneSteps(await checklist())).toEqual(['connect_account']);

    // Opening the schedule (which creates the default times) is not setting them; changing them is.
    const { schedule } = await call<{ schedule: { times: Array<{ id: string }> } }>('/api/schedule');
    expect(doneSteps(await checklist())).toEqual(['connect_account']);
    await call(`/api/schedule/times/${schedule.times[0]?.id}`, 'DELETE');
    expect(doneSteps(await checklist())).toEqual(['connect_account', 'posting_times']);

    await call('/api/posts', 'POST', { socialAccountId: account, content: 'A first draft', action: 'draft' });
    expect(doneSteps(await checklist())).toEqual(['connect_account', 'posting_times', 'first_post']);

    // A token asked for by a script does not count; one asked for from an extension's page does.
    const token = (origin?: string) =>
      t.request('/api/auth/token', {
        method: 'POST',
        headers: origin ? { origin } : {},
        json: { email: 'new@example.com', password: PASSWORD },
      });
    expect((await token()).status).toBe(200);
    expect((await checklist()).showChecklist).toBe(true);
    expect((await token('chrome-extension://abcdefghijklmnopabcdefghijklmnop')).status).toBe(200);
    expect(await checklist()).toMatchObject({ dismissed: false, showChecklist: false });
    expect(doneSteps(await checklist())).toHaveLength(4);
  });

  it('counts the web app handing a token to the extension, and stays done after it signs out', async () => {
    const res = await t.request('/api/auth/extension-token', {
      method: 'POST',
      headers: { cookie },
      json: { extensionId: t.deps.config.EXTENSION_IDS[0] },
    });
    expect(res.status).toBe(201);
    const { token } = (await res.json()) as { token: string };
    await t.request('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(doneSteps(await checklist())).toEqual(['extension']);
  });

  it('is dismissed for good, per user', async () => {
    const dismissed = await call<{ onboarding: OnboardingDto }>('/api/onboarding/dismiss', 'POST');
    expect(dismissed.onboarding).toMatchObject({ dismissed: true, showChecklist: false });
    expect(await checklist()).toMatchObject({ dismissed: true, showChecklist: false });

    const otherCookie = await signUpConfirmed(t, 'other@example.com');
    const other = await t.request('/api/onboarding', { headers: { cookie: otherCookie } });
    expect(((await other.json()) as { onboarding: OnboardingDto }).onboarding.showChecklist).toBe(true);
  });

  it('answers Not authenticated without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/onboarding'],
      ['POST', '/api/onboarding/visit'],
      ['POST', '/api/onboarding/dismiss'],
    ] as const) {
      const res = await t.request(path, { method });
      expect(res.status, path).toBe(401);
    }
  });
});
