import type { PlatformId } from '../../shared/platforms/ids.js';
import { versionFor } from '../../shared/posts/post-group-rules.js';
import { newId } from '../core/ids.js';
import { sqlDialect } from '../db/sql-dialect.js';
import type { AppDeps } from '../http/types.js';
import { writePostGroup } from '../posts/create-post-group.js';
import { preparedVersionOf } from '../posts/prepare-post-group.js';
import { appendQueueItems } from '../queues/add-queue-item.js';
import type { ImportRow } from './import-rows.js';
import { assignImportTimes, type ImportTiming } from './import-times.js';

export interface ImportSaved {
  groups: number;
  posts: number;
  queueItems: number;
}

/**
 * Writes every row in ONE transaction, all or nothing: each row a post group with one post per
 * account, written as the composer writes a group (posts/create-post-group.ts), or in queue mode
 * one queue item per account at the end of the queue. Slots are taken under the lock and with
 * the reads of "Add to queue", so a post saved meanwhile by another request is never doubled.
 */
export async function saveImportRows(
  deps: AppDeps,
  rows: readonly ImportRow[],
  timing: ImportTiming & { queueId?: string },
  mediaIdOf: (url: string) => string,
): Promise<ImportSaved> {
  const { userId, now } = timing;
  const prepared = rows.map((row) => {
    const shared = { content: row.text, media: row.mediaUrls.map(mediaIdOf), link: row.link };
    const versions = row.accounts.map((account) =>
      preparedVersionOf(account, versionFor(shared, undefined, account.platform as PlatformId)),
    );
    return { shared, versions };
  });
  const posts = prepared.reduce((sum, row) => sum + row.versions.length, 0);
  return deps.db.transaction().execute(async (trx) => {
    if (timing.mode === 'queue') {
      const items = prepared.flatMap((row) => row.versions);
      await appendQueueItems(trx, { userId, queueId: timing.queueId!, items, now });
      return { groups: 0, posts: 0, queueItems: items.length };
    }
    await sqlDialect(trx).holdLock(trx, `next-free-time:${userId}`);
    const times = await assignImportTimes(trx, rows, timing);
    for (const [index, row] of prepared.entries()) {
      await writePostGroup(trx, {
        userId,
        groupId: newId(),
        shared: row.shared,
        versions: row.versions,
        now,
        timingOf: (version) => ({
          status: 'scheduled',
          isDraft: 0,
          scheduledAt: times[index]![row.versions.indexOf(version)]!,
        }),
      });
    }
    return { groups: prepared.length, posts, queueItems: 0 };
  });
}
