import { BILLING_MESSAGES } from '../../shared/billing/billing.js';
import type { SubscriptionRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { isBillingOn } from './billing-settings.js';
import { accessFromRows } from './get-billing-status.js';

/**
 * The subscription gate for the work that runs without a request: the publishing engine and the
 * queue runner (spec 02 section 4 gates the app; the engine must not publish for a user the API
 * answers 402). Made once per sweep: each user's facts are read once, in two queries for every
 * user of the sweep, then access is evaluated in memory at each post's own moment with the same
 * rule as the API (`evaluateAccess`). With billing off there is no check at all (null).
 */
export interface EngineAccess {
  /** Reads the facts of users not read yet in this sweep. */
  load(userIds: Iterable<string>): Promise<void>;
  /** Null when the user has access at `at`; otherwise the spec's message (the reason to show). */
  denial(userId: string, at: number): string | null;
}

interface UserFacts {
  createdAt: number;
  subscriptions: SubscriptionRow[];
}

export function createEngineAccess(deps: Pick<AppDeps, 'config' | 'db'>): EngineAccess | null {
  if (!isBillingOn(deps.config)) return null;
  const facts = new Map<string, UserFacts | null>();

  async function load(userIds: Iterable<string>): Promise<void> {
    const missing = [...new Set(userIds)].filter((id) => !facts.has(id));
    if (missing.length === 0) return;
    const [users, subscriptions, holds] = await Promise.all([
      deps.db.selectFrom('users').select(['id', 'createdAt']).where('id', 'in', missing).execute(),
      deps.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('userId', 'in', missing)
        .orderBy('createdAt', 'desc')
        .execute(),
      deps.db.selectFrom('accessHolds').select('userId').where('userId', 'in', missing).execute(),
    ]);
    for (const id of missing) facts.set(id, null);
    for (const user of users) {
      facts.set(user.id, {
        createdAt: user.createdAt,
        subscriptions: subscriptions.filter((row) => row.userId === user.id),
      });
    }
    // Access is back (a renewal, or billing switched off and on): the next lapse is told again.
    const now = Date.now();
    const regained = holds.map((row) => row.userId).filter((id) => denial(id, now) === null);
    if (regained.length > 0)
      await deps.db.deleteFrom('accessHolds').where('userId', 'in', regained).execute();
  }

  function denial(userId: string, at: number): string | null {
    const known = facts.get(userId);
    // A user deleted meanwhile: their rows are going; nothing of theirs is sent.
    if (!known) return 'The account was deleted.';
    const { access } = accessFromRows(known.subscriptions, known.createdAt, at);
    if (access.allowed) return null;
    return access.message ?? BILLING_MESSAGES.subscribe;
  }

  return { load, denial };
}
