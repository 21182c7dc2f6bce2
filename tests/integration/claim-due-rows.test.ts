import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimDueRows } from '../../server/db/claim-due-rows.js';
import type { NotificationDeliveryRow } from '../../server/db/schema.js';
import { createNotification } from '../../server/notifications/create-notification.js';
import { createSignedInUser } from '../support/in-process-user.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The outboxes' shared claim (server/db/claim-due-rows.ts), on each database.

let t: TestApp;
let now: number;

beforeEach(async () => {
  t = await createTestApp();
  const user = await createSignedInUser(t);
  // Sixty deliveries due in the future, so the app's own worker leaves them alone.
  now = Date.now() + 3_600_000;
  await t.deps.db.transaction().execute(async (trx) => {
    for (let i = 0; i < 60; i++) {
      await createNotification(
        { ...t.deps, db: trx },
        { userId: user.id, type: 'post_success', title: `Post ${i}`, message: 'Published.' },
      );
    }
    await trx.updateTable('notificationDeliveries').set({ nextAttemptAt: now }).execute();
  });
});
afterEach(async () => {
  await t.close();
});

const claim = (claimedBy: string, limit = 20) =>
  claimDueRows<NotificationDeliveryRow>(t.deps.db, 'notification_deliveries', {
    now,
    leaseMs: 60_000,
    limit,
    claimedBy,
  });

describe('claiming due outbox rows', () => {
  it('takes at most `limit` rows, moved past the lease and marked with the claim', async () => {
    const rows = await claim('first');
    expect(rows).toHaveLength(20);
    expect(rows.every((row) => row.claimedBy === 'first' && row.nextAttemptAt === now + 60_000)).toBe(true);
    const claimed = await t.deps.db
      .selectFrom('notificationDeliveries')
      .select('id')
      .where('claimedBy', '=', 'first')
      .execute();
    expect(claimed).toHaveLength(20);
  });

  it('gives claims made at the same time different rows, and every due row to one of them', async () => {
    const claims = await Promise.all(['a', 'b', 'c', 'd'].map((name) => claim(name)));
    const ids = claims.flat().map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(60);
    expect(await claim('late')).toEqual([]);
  });
});
