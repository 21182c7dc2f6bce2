import type { PlatformId } from '../platforms/ids.js';
import type { PostStatus } from './constants.js';

/**
 * One account's post in a group as the lists, the calendar and the notification centre show it:
 * each account has its own fate (issue 23), said per account.
 */
export interface GroupAccountStatus {
  postId: string;
  accountId: string | null;
  platform: PlatformId;
  /** The account's name; the platform's name once the account is gone. */
  accountName: string;
  status: PostStatus;
  /** Posted: the post's address on its platform. */
  url: string | null;
  /** Failed: why. */
  error: string | null;
}

/** Statuses whose version can no longer change: sent, or being sent right now. */
export const READ_ONLY_STATUSES: readonly PostStatus[] = ['posted', 'publishing'];

export function isReadOnlyVersion(status: PostStatus): boolean {
  return READ_ONLY_STATUSES.includes(status);
}

export interface GroupOutcome {
  posted: number;
  failed: number;
  /** Scheduled, publishing or draft: not settled yet. */
  pending: number;
  total: number;
}

export function groupOutcome(statuses: readonly PostStatus[]): GroupOutcome {
  const posted = statuses.filter((status) => status === 'posted').length;
  const failed = statuses.filter((status) => status === 'failed').length;
  return { posted, failed, pending: statuses.length - posted - failed, total: statuses.length };
}

/** 'Posted to 3 of 4 accounts': a group's notification title and its sent entry's summary. */
export function postedToMessage({ posted, total }: Pick<GroupOutcome, 'posted' | 'total'>): string {
  return `Posted to ${posted} of ${total} ${total === 1 ? 'account' : 'accounts'}`;
}

/** Where a group stands, in one word for a badge: the shared status, or 'mixed' when they differ. */
export function groupStatus(statuses: readonly PostStatus[]): PostStatus | 'mixed' {
  const [first] = statuses;
  if (first === undefined) return 'mixed';
  return statuses.every((status) => status === first) ? first : 'mixed';
}
