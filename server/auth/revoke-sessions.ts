import { sha256Hex } from '../core/ids.js';
import type { AppDeps } from '../http/types.js';

/**
 * Ends every session of the user except the one whose token is `keepToken` (the session that
 * asked, after a password change for instance). Their live streams close at once.
 */
export async function revokeOtherSessions(
  deps: Pick<AppDeps, 'db' | 'events'>,
  userId: string,
  keepToken: string,
): Promise<number> {
  const keep = sha256Hex(keepToken);
  const ended = await deps.db
    .deleteFrom('sessions')
    .where('userId', '=', userId)
    .where('id', '!=', keep)
    .returning('id')
    .execute();
  if (ended.length > 0) {
    deps.events.publish(userId, { type: 'session.revoked', sessionIds: ended.map((row) => row.id) });
  }
  return ended.length;
}

/** Ends one session of the user by its stored (hashed) id; false when it is not theirs. */
export async function revokeSessionById(
  deps: Pick<AppDeps, 'db' | 'events'>,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const ended = await deps.db
    .deleteFrom('sessions')
    .where('userId', '=', userId)
    .where('id', '=', sessionId)
    .returning('id')
    .executeTakeFirst();
  if (ended) deps.events.publish(userId, { type: 'session.revoked', sessionIds: [ended.id] });
  return ended !== undefined;
}
