import type { SessionDto } from '../../shared/settings/sessions.js';
import { sha256Hex } from '../core/ids.js';
import type { Db } from '../db/database.js';

/**
 * The user's active sessions: browsers (cookie) and signed-in extensions or scripts (bearer
 * tokens), newest use first. Ids are the stored SHA-256 of each token: they name a session but
 * cannot sign anyone in.
 */
export async function listSessions(db: Db, userId: string, currentToken: string): Promise<SessionDto[]> {
  const current = sha256Hex(currentToken);
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'kind', 'remember', 'createdAt', 'lastUsedAt', 'expiresAt', 'userAgent', 'ip'])
    .where('userId', '=', userId)
    .where('expiresAt', '>', Date.now())
    .orderBy('lastUsedAt', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    current: row.id === current,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: new Date(row.lastUsedAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
    userAgent: row.userAgent,
    ipAddress: row.ip,
  }));
}
