import { parseJsonObject } from '../db/json-column.js';
import type { ScheduledPostRow } from '../db/schema.js';

/** The statuses each transition of post-transitions.ts accepts (its test table reads this too). */
export type PostStatus = ScheduledPostRow['status'];

export const TRANSITION_FROM = {
  /** The user saves a draft, schedules it, or reschedules a failed post. */
  saveUserTiming: ['draft', 'scheduled', 'failed'],
  claimDue: ['scheduled'],
  /** Post Now, whatever the state, unless the post is already out or going out. */
  claimNow: ['draft', 'scheduled', 'failed'],
  renewLease: ['publishing'],
  countAttempt: ['publishing'],
  saveProgress: ['publishing'],
  askPlatformFirst: ['publishing'],
  forgetQuestion: ['publishing'],
  /** Over the platform's own posting cap: back to scheduled until the window has room. */
  deferForCap: ['publishing'],
  scheduleRetry: ['publishing'],
  markPosted: ['publishing'],
  markFailed: ['publishing'],
  failWithoutAccess: ['publishing'],
  requeueOrphan: ['publishing'],
  /** The process is stopping before the attempt sent anything: due again for another process. */
  handBack: ['publishing'],
  failOrphanUnconfirmed: ['publishing'],
  failMissed: ['scheduled'],
  releaseOnDisconnect: ['scheduled', 'publishing'],
} as const satisfies Record<string, readonly PostStatus[]>;

export type PostTransition = keyof typeof TRANSITION_FROM;

export interface PublishProgress {
  /** Ids of thread/reply-chain parts already public, in order. */
  parts?: string[];
  /** A create request may have been sent and its answer not recorded. */
  commitPending?: boolean;
  [key: string]: unknown;
}

export function parseProgress(row: Pick<ScheduledPostRow, 'publishProgress'>): PublishProgress {
  return parseJsonObject(row.publishProgress) as PublishProgress;
}
