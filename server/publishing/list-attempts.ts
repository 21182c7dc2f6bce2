import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { listAttempts } from './publish-attempts.js';

export async function listAttemptsForUser(deps: AppDeps, userId: string, postId: string) {
  const post = await deps.db
    .selectFrom('scheduledPosts')
    .select('id')
    .where('id', '=', postId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!post) throw new AppError('not_found', 'Post not found');
  const rows = await listAttempts(deps.db, postId);
  return rows.map((row) => ({
    attemptNo: row.attemptNo,
    startedAt: new Date(row.startedAt).toISOString(),
    endedAt: row.endedAt ? new Date(row.endedAt).toISOString() : null,
    outcome: row.outcome,
    httpStatus: row.httpStatus,
    error: row.error,
  }));
}
