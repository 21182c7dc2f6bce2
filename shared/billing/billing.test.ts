import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  cancelledToast,
  DAY_MS,
  daysLeft,
  evaluateAccess,
  type SubscriptionFacts,
} from './billing.js';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);

function sub(facts: Partial<SubscriptionFacts>): SubscriptionFacts {
  return {
    status: 'active',
    createdAt: now - 40 * DAY_MS,
    trialEndDate: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    ...facts,
  };
}

describe('evaluateAccess', () => {
  it('gives a new user a 7-day trial from sign-up, with the days left rounded up', () => {
    const access = evaluateAccess({ now, userCreatedAt: now - 1.2 * DAY_MS, subscription: null });
    expect(access).toMatchObject({ allowed: true, state: 'trial', trialDaysLeft: 6 });
    expect(access.trialEndsAt).toBe(new Date(now + 5.8 * DAY_MS).toISOString());
  });

  it('ends the trial exactly 7 days after sign-up with the spec’s message', () => {
    const access = evaluateAccess({ now, userCreatedAt: now - 7 * DAY_MS, subscription: null });
    expect(access).toMatchObject({
      allowed: false,
      state: 'trial_ended',
      message: BILLING_MESSAGES.trialEnded,
    });
  });

  it('counts 7 days from the record when a trialing record has no trial end', () => {
    const recent = evaluateAccess({
      now,
      userCreatedAt: 0,
      subscription: sub({ status: 'trialing', createdAt: now - DAY_MS }),
    });
    expect(recent).toMatchObject({ allowed: true, trialDaysLeft: 6 });
    const old = evaluateAccess({
      now,
      userCreatedAt: 0,
      subscription: sub({ status: 'trialing', createdAt: now - 8 * DAY_MS }),
    });
    expect(old).toMatchObject({ allowed: false, message: BILLING_MESSAGES.trialEnded });
  });

  it('lets an active subscription in, and a cancelling one until its period end', () => {
    expect(
      evaluateAccess({ now, userCreatedAt: 0, subscription: sub({ currentPeriodEnd: now + DAY_MS }) }).state,
    ).toBe('subscribed');
    const cancelling = evaluateAccess({
      now,
      userCreatedAt: 0,
      subscription: sub({ cancelAtPeriodEnd: true, currentPeriodEnd: now + DAY_MS }),
    });
    expect(cancelling).toMatchObject({
      allowed: true,
      state: 'cancelling',
      endsAt: new Date(now + DAY_MS).toISOString(),
    });
    const over = evaluateAccess({
      now,
      userCreatedAt: 0,
      subscription: sub({ cancelAtPeriodEnd: true, currentPeriodEnd: now }),
    });
    expect(over).toMatchObject({
      allowed: false,
      state: 'subscription_ended',
      message: BILLING_MESSAGES.subscribe,
    });
  });

  it('lets any status in while its period end is ahead, and none after', () => {
    for (const status of ['past_due', 'expired', 'paused']) {
      expect(
        evaluateAccess({ now, userCreatedAt: 0, subscription: sub({ status, currentPeriodEnd: now + 1 }) })
          .allowed,
      ).toBe(true);
      expect(
        evaluateAccess({ now, userCreatedAt: 0, subscription: sub({ status, currentPeriodEnd: now - 1 }) })
          .allowed,
      ).toBe(false);
    }
  });

  it('rounds partial days up and never goes below zero', () => {
    expect(daysLeft(now, now + 1)).toBe(1);
    expect(daysLeft(now, now + DAY_MS)).toBe(1);
    expect(daysLeft(now, now + DAY_MS + 1)).toBe(2);
    expect(daysLeft(now, now - DAY_MS)).toBe(0);
  });

  it('words the cancellation toast as the spec does', () => {
    expect(cancelledToast('December 22, 2026')).toBe('Subscription set to cancel on December 22, 2026.');
  });
});
