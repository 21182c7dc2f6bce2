import {
  type Access,
  type BillingStatus,
  evaluateAccess,
  FREE_ACCESS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionDto,
  type SubscriptionFacts,
  type SubscriptionStatus,
} from '../../shared/billing/billing.js';
import type { SubscriptionRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { listUserSubscriptions } from './billing.repository.js';
import { isBillingOn } from './billing-settings.js';

interface UserAccess {
  access: Access;
  /** The subscription the user sees and may cancel: one that grants access, else the newest. */
  current: SubscriptionRow | null;
}

/** What the gate decides for this user now. Billing off: always free access. */
export async function getUserAccess(
  deps: Pick<AppDeps, 'config' | 'db'>,
  user: { id: string; createdAt: number },
  now = Date.now(),
): Promise<UserAccess> {
  if (!isBillingOn(deps.config)) return { access: FREE_ACCESS, current: null };
  return accessFromRows(await listUserSubscriptions(deps.db, user.id), user.createdAt, now);
}

export function accessFromRows(rows: SubscriptionRow[], userCreatedAt: number, now: number): UserAccess {
  if (rows.length === 0) {
    return { access: evaluateAccess({ now, userCreatedAt, subscription: null }), current: null };
  }
  // Newest first: the first row that grants access wins, else the newest one decides.
  for (const row of rows) {
    const access = evaluateAccess({ now, userCreatedAt, subscription: toFacts(row) });
    if (access.allowed) return { access, current: row };
  }
  const newest = rows[0] as SubscriptionRow;
  return { access: evaluateAccess({ now, userCreatedAt, subscription: toFacts(newest) }), current: newest };
}

/** `GET /api/billing/status`: the gate's answer and the subscription details. */
export async function getBillingStatus(
  deps: Pick<AppDeps, 'config' | 'db'>,
  user: { id: string; createdAt: number },
): Promise<BillingStatus> {
  const now = Date.now();
  const { access, current } = await getUserAccess(deps, user, now);
  return {
    enabled: isBillingOn(deps.config),
    access,
    subscription: current ? toSubscriptionDto(current, now) : null,
  };
}

function toFacts(row: SubscriptionRow): SubscriptionFacts {
  return {
    status: row.status,
    createdAt: row.createdAt,
    trialEndDate: row.trialEndDate,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd === 1,
  };
}

export function toSubscriptionDto(row: SubscriptionRow, now = Date.now()): SubscriptionDto {
  const status = (SUBSCRIPTION_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as SubscriptionStatus)
    : 'unpaid';
  const cancelling = row.cancelAtPeriodEnd === 1;
  const periodRunning = row.currentPeriodEnd !== null && row.currentPeriodEnd > now;
  // A cancelling subscription whose period is over has ended, whether or not the webhook came yet.
  const shownStatus: SubscriptionStatus =
    status === 'active' && cancelling && !periodRunning ? 'expired' : status;
  return {
    status: shownStatus,
    planName: row.planName,
    createdAt: new Date(row.createdAt).toISOString(),
    trialEndDate: iso(row.trialEndDate),
    currentPeriodEnd: iso(row.currentPeriodEnd),
    cancelAtPeriodEnd: cancelling,
    cardBrand: row.cardBrand,
    cardLastFour: row.cardLastFour,
    canCancel: shownStatus === 'active' && !cancelling,
    canResume: shownStatus === 'active' && cancelling && periodRunning,
  };
}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
