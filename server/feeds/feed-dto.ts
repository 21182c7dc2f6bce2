import type { FeedDto } from '../../shared/feeds/api.js';
import { parseJsonColumn } from '../db/json-column.js';
import type { FeedRow } from '../db/schema.js';

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(Number(ms)).toISOString();
}

/** A feed as the API shows it: no validators, no claim. */
export function toFeedDto(row: FeedRow): FeedDto {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    target: row.target,
    queueId: row.queueId,
    accountIds: parseJsonColumn<string[]>(row.accountIds, []),
    template: row.template,
    takeImage: row.takeImage === 1,
    status: row.status,
    pausedReason: row.pausedReason,
    consecutiveFailures: Number(row.consecutiveFailures),
    lastCheckedAt: iso(row.lastCheckedAt),
    lastError: row.lastError,
    lastItemProblem: row.lastItemProblem,
    itemsTaken: Number(row.itemsTaken),
    createdAt: new Date(Number(row.createdAt)).toISOString(),
  };
}
