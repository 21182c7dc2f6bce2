import type { Adapter, DatabaseSession, DatabaseUser } from 'lucia';
import type { EventBus } from '../core/event-bus.js';
import { sha256Hex } from '../core/ids.js';
import type { Db } from '../db/database.js';

/**
 * Lucia v3 adapter over Kysely. The session id Lucia hands out is the bearer secret, so
 * only its SHA-256 is stored: a copy of the database file cannot be used to sign in.
 * Every deletion is announced on the event bus so open live streams of that session end.
 */
export function createSessionAdapter(db: Db, events: EventBus): Adapter {
  return {
    async getSessionAndUser(sessionId) {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.userId')
        .select([
          'sessions.userId',
          'sessions.expiresAt',
          'sessions.remember',
          'sessions.kind',
          'sessions.lastUsedAt',
          'sessions.userAgent',
          'users.email',
          'users.emailConfirmedAt',
          'users.timezone',
          'users.language',
          'users.timeFormat',
          'users.setupComplete',
          'users.passwordHash',
          'users.createdAt',
        ])
        .where('sessions.id', '=', sha256Hex(sessionId))
        .executeTakeFirst();
      if (!row) return [null, null];
      const session: DatabaseSession = {
        id: sessionId,
        userId: row.userId,
        expiresAt: new Date(row.expiresAt),
        attributes: {
          remember: row.remember === 1,
          kind: row.kind,
          lastUsedAt: row.lastUsedAt,
          hasClientInfo: row.userAgent !== null,
        },
      };
      const user: DatabaseUser = {
        id: row.userId,
        attributes: {
          email: row.email,
          emailConfirmedAt: row.emailConfirmedAt,
          timezone: row.timezone,
          language: row.language,
          timeFormat: row.timeFormat,
          setupComplete: row.setupComplete === 1,
          hasPassword: row.passwordHash !== null,
          createdAt: row.createdAt,
        },
      };
      return [session, user];
    },
    async getUserSessions(userId) {
      const rows = await db.selectFrom('sessions').selectAll().where('userId', '=', userId).execute();
      // Only hashes are stored; callers use these to count or expire, never to authenticate.
      return rows.map((row) => ({
        id: row.id,
        userId: row.userId,
        expiresAt: new Date(row.expiresAt),
        attributes: { remember: row.remember === 1, kind: row.kind, lastUsedAt: row.lastUsedAt },
      }));
    },
    async setSession(session) {
      const attributes = session.attributes as { remember?: boolean; kind?: 'cookie' | 'token' };
      const now = Date.now();
      await db
        .insertInto('sessions')
        .values({
          id: sha256Hex(session.id),
          userId: session.userId,
          expiresAt: session.expiresAt.getTime(),
          remember: attributes.remember === false ? 0 : 1,
          kind: attributes.kind ?? 'cookie',
          lastUsedAt: now,
          createdAt: now,
        })
        .execute();
    },
    async updateSessionExpiration(sessionId, expiresAt) {
      await db
        .updateTable('sessions')
        .set({ expiresAt: expiresAt.getTime() })
        .where('id', '=', sha256Hex(sessionId))
        .execute();
    },
    async deleteSession(sessionId) {
      const id = sha256Hex(sessionId);
      const row = await db.deleteFrom('sessions').where('id', '=', id).returning('userId').executeTakeFirst();
      if (row) events.publish(row.userId, { type: 'session.revoked', sessionIds: [id] });
    },
    async deleteUserSessions(userId) {
      await db.deleteFrom('sessions').where('userId', '=', userId).execute();
      events.publish(userId, { type: 'session.revoked', sessionIds: 'all' });
    },
    async deleteExpiredSessions() {
      // Streams of expired sessions end on their own periodic check.
      await db.deleteFrom('sessions').where('expiresAt', '<=', Date.now()).execute();
    },
  };
}
