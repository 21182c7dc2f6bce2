import { AppError } from '../core/errors.js';
import type { Db } from '../db/database.js';
import type { AppDeps } from '../http/types.js';

const MB = 1024 * 1024;

/** Bytes of media the user keeps in DATA_DIR (uploads and files fetched from addresses). */
async function usedMediaBytes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('media')
    .select((eb) => eb.fn.sum<number | null>('sizeBytes').as('used'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

function quotaBytes(deps: Pick<AppDeps, 'config'>): number {
  return deps.config.MEDIA_QUOTA_MB * MB;
}

export function quotaMessage(deps: Pick<AppDeps, 'config'>): string {
  const quota = deps.config.MEDIA_QUOTA_MB;
  const size = quota >= 1024 ? `${Math.round((quota / 1024) * 10) / 10} GB` : `${quota} MB`;
  return `Your media storage is full (${size}). Delete media you no longer need and try again.`;
}

/**
 * Bytes the user may still store. One user cannot fill the server's disk: uploads and fetches
 * stop while streaming once they pass it, and are checked again before the file is kept.
 */
export async function remainingQuota(deps: Pick<AppDeps, 'config' | 'db'>, userId: string): Promise<number> {
  const remaining = quotaBytes(deps) - (await usedMediaBytes(deps.db, userId));
  if (remaining <= 0) throw new AppError('payload_too_large', quotaMessage(deps), { field: 'file' });
  return remaining;
}

/** The final check, with the complete file's size (two uploads may have run side by side). */
export async function assertFitsQuota(
  deps: Pick<AppDeps, 'config' | 'db'>,
  userId: string,
  size: number,
): Promise<void> {
  if ((await usedMediaBytes(deps.db, userId)) + size > quotaBytes(deps)) {
    throw new AppError('payload_too_large', quotaMessage(deps), { field: 'file' });
  }
}
