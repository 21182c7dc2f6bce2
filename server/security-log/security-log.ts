import type { Db } from '../db/database.js';

export interface SecurityEvent {
  userId: string;
  eventType: 'password_change' | 'api_token_created' | 'api_token_new_address' | 'api_token_revoked';
  success: boolean;
  errorMessage?: string | null;
  /** Taken from the request (the client's address as rate limits see it): no outside lookup. */
  ipAddress: string | null;
  userAgent: string | null;
}

/** Spec 02: one security_logs row per attempt, successful or not. */
export async function logSecurityEvent(db: Db, event: SecurityEvent, now = Date.now()): Promise<void> {
  await db
    .insertInto('securityLogs')
    .values({
      userId: event.userId,
      eventType: event.eventType,
      success: event.success ? 1 : 0,
      errorMessage: event.errorMessage ?? null,
      ipAddress: event.ipAddress,
      userAgent: event.userAgent?.slice(0, 300) ?? null,
      createdAt: now,
    })
    .execute();
}
