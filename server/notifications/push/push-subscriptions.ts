import { IDLE_SESSION_MINUTES } from '../../../shared/auth/session.js';
import type { PushSubscriptionInput } from '../../../shared/settings/notification-preferences.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { refuseNonPublic, resolveTarget, TargetRefused } from '../../core/pinned-request.js';
import { withTransaction } from '../../db/database.js';
import type { AppDeps } from '../../http/types.js';

const PUSH_ENDPOINT_REFUSED = 'This push address cannot be used. Please allow notifications again.';

/**
 * Keeps this browser's subscription for the session that sends it (the web app's own session):
 * it lives as long as that session and is deleted with it. The server will POST to the endpoint
 * a browser hands it: only https addresses of push services on the public internet are kept
 * (ALLOW_PRIVATE_MEDIA_URLS lifts this for local tests).
 *
 * An endpoint another user's live session registered is never moved to the poster (someone
 * holding a stolen token could otherwise take over a victim's browser, or have their own
 * notifications shown there). The answer is the same as a save, so it tells nothing about the
 * address. An endpoint whose session has ended is free for whoever signs in on that browser.
 */
export async function savePushSubscription(
  deps: Pick<AppDeps, 'db' | 'config'>,
  request: { userId: string; sessionId: string; input: PushSubscriptionInput; userAgent: string | undefined },
): Promise<void> {
  const { input, userId } = request;
  await checkEndpoint(deps, input.endpoint);
  const now = Date.now();
  await withTransaction(deps.db, async (trx) => {
    const existing = await trx
      .selectFrom('pushSubscriptions as p')
      .leftJoin('sessions as s', 's.id', 'p.sessionId')
      .select(['p.id', 'p.userId', 's.expiresAt', 's.remember', 's.lastUsedAt'])
      .where('p.endpoint', '=', input.endpoint)
      .executeTakeFirst();
    if (existing && existing.userId !== userId && isSessionLive(existing, now)) return;
    if (existing) await trx.deleteFrom('pushSubscriptions').where('id', '=', existing.id).execute();
    await trx
      .insertInto('pushSubscriptions')
      .values({
        id: newId(),
        userId,
        sessionId: request.sessionId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: request.userAgent?.slice(0, 300) ?? null,
        createdAt: now,
      })
      .execute();
  });
}

/** A session still signs in: not expired, and not idle past the limit without "remember me". */
export function isSessionLive(
  session: { expiresAt: number | null; remember: number | null; lastUsedAt: number | null },
  now: number,
): boolean {
  if (session.expiresAt === null || session.expiresAt <= now) return false;
  return session.remember === 1 || (session.lastUsedAt ?? 0) > now - IDLE_SESSION_MINUTES * 60_000;
}

export async function deletePushSubscription(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  endpoint: string,
): Promise<void> {
  await deps.db
    .deleteFrom('pushSubscriptions')
    .where('userId', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

async function checkEndpoint(deps: Pick<AppDeps, 'config'>, endpoint: string): Promise<void> {
  const url = new URL(endpoint);
  const allowPrivate = deps.config.ALLOW_PRIVATE_MEDIA_URLS;
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new AppError('validation_error', PUSH_ENDPOINT_REFUSED, { field: 'endpoint' });
  }
  try {
    await resolveTarget(url, allowPrivate ? null : refuseNonPublic);
  } catch (error) {
    if (error instanceof TargetRefused) {
      throw new AppError('validation_error', PUSH_ENDPOINT_REFUSED, { field: 'endpoint' });
    }
    throw error;
  }
}
