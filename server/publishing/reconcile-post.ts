import type { PlatformId } from '../../shared/platforms/ids.js';
import { getPlatform } from '../../shared/platforms/registry.js';
import { SANDBOX_MAX_LIST_DELAY_MS } from '../../shared/platforms/sandbox-contract.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { ScheduledPostRow } from '../db/schema.js';
import { platformMode } from '../platforms/platform-endpoints.js';
import { PlatformError, UNKNOWN_OUTCOME_MESSAGE } from '../platforms/platform-error.js';
import type { PlatformAdapter, PublishContext, PublishInput } from './platform-adapter.js';
import { donePartIds } from './platforms/adapter-support.js';

/**
 * A create request whose answer never came (a lost connection, a timeout, a crash) may or may
 * not have made the post public. Before anything is sent again the platform is asked:
 * found, the post is recorded with its id; not there once the request can no longer be in
 * flight and the platform has had its listing delay, it is published, once; the platform cannot
 * tell, the user is asked to check (the post fails with UNKNOWN_OUTCOME_MESSAGE).
 * The question is durable: `publish_progress.reconcile` holds it until it is answered.
 */
interface PendingReconcile {
  /** Earliest moment the create request may have left. */
  since: number;
}

/** Without a better figure from the adapter: the platforms' read side usually lags by seconds. */
const DEFAULT_VISIBILITY_DELAY_MS = 30_000;
/** How far the platform's clock may be behind ours when its creation times are compared. */
export const CLOCK_SKEW_MS = 2 * 60_000;

export function pendingReconcile(progress: Record<string, unknown>): PendingReconcile | null {
  const value = progress.reconcile as { since?: unknown } | null | undefined;
  return value && typeof value.since === 'number' ? { since: value.since } : null;
}

/**
 * From when "not listed" can be trusted: the request may have been in flight for as long as we
 * wait for any answer, and the platform then takes its listing delay. In sandbox mode the
 * sandbox's own (capped) delay applies.
 */
function settleTime(config: Config, platform: PlatformId, adapter: PlatformAdapter, since: number) {
  const visibility =
    platformMode(config, platform) === 'sandbox'
      ? SANDBOX_MAX_LIST_DELAY_MS
      : (adapter.visibilityDelayMs ?? DEFAULT_VISIBILITY_DELAY_MS);
  return since + config.PUBLISH_REQUEST_TIMEOUT_MS + visibility;
}

/** Ids the platform gave other posts of this account lately: a match must not be one of them. */
async function knownPlatformIds(db: Db, post: ScheduledPostRow, since: number): Promise<Set<string>> {
  if (!post.socialAccountId) return new Set();
  const rows = await db
    .selectFrom('scheduledPosts')
    .select('platformPostId')
    .where('socialAccountId', '=', post.socialAccountId)
    .where('id', '!=', post.id)
    .where('platformPostId', 'is not', null)
    .where('postedAt', '>=', since - 24 * 60 * 60_000)
    .execute();
  return new Set(rows.map((row) => row.platformPostId).filter((id): id is string => Boolean(id)));
}

export function checkingMessage(platform: PlatformId): string {
  return `Checking with ${getPlatform(platform).displayName} whether this post was published before sending it again.`;
}

/**
 * Answers the open question before publishing. Returns the outcome when the whole post is on
 * the platform; null when publish() should carry on (the next part of a chain, a publish the
 * platform is still processing, or a resend once the post is known to be absent). Throws
 * `pending` to look again later, or `unknown` when the platform cannot tell.
 */
export async function reconcileBeforePublishing(
  db: Db,
  post: ScheduledPostRow,
  ctx: PublishContext,
  adapter: PlatformAdapter,
  input: PublishInput,
  pending: PendingReconcile,
): Promise<{ platformPostId: string | null; url: string | null } | null> {
  if (!adapter.reconcile) throw new PlatformError('unknown', UNKNOWN_OUTCOME_MESSAGE);
  const parts = input.parts && input.parts.length > 0 ? input.parts.length : 1;
  const done = donePartIds(ctx);
  const first = done[0];
  if (done.length >= parts && first) {
    // Every part was recorded before the crash: only the answer to the user is missing.
    await ctx.saveProgress({ reconcile: null });
    return { platformPostId: first, url: (await adapter.postUrl?.(ctx, first)) ?? null };
  }
  const verdict = await adapter.reconcile(ctx, input, {
    since: pending.since,
    part: done.length,
    replyTo: done.at(-1) ?? null,
    knownIds: await knownPlatformIds(db, post, pending.since),
  });
  const settleAt = settleTime(ctx.config, input.platform, adapter, pending.since);
  const wait = () =>
    new PlatformError('pending', checkingMessage(input.platform), {
      retryAfterMs: Math.max(0, settleAt - Date.now()),
    });
  switch (verdict.status) {
    case 'found': {
      const ids = [...done, verdict.platformPostId];
      const isChain = parts > 1;
      if (ids.length < parts) {
        await ctx.saveProgress({ reconcile: null, parts: ids });
        return null;
      }
      await ctx.saveProgress({ reconcile: null, ...(isChain ? { parts: ids } : {}) });
      const id = ids[0] as string;
      const url = isChain ? ((await adapter.postUrl?.(ctx, id)) ?? null) : verdict.url;
      return { platformPostId: id, url };
    }
    case 'published':
      if (Date.now() < settleAt) throw wait();
      // Public for sure but never listed: a chain cannot go on without the part's id.
      if (parts > 1) throw new PlatformError('unknown', UNKNOWN_OUTCOME_MESSAGE);
      await ctx.saveProgress({ reconcile: null });
      return { platformPostId: null, url: null };
    case 'resume':
      await ctx.saveProgress({ ...verdict.progress, reconcile: null });
      return null;
    case 'absent':
      if (Date.now() < settleAt) throw wait();
      // Not there after the request could have landed and been listed: send it again, once.
      await ctx.saveProgress({ reconcile: null, resentAfter: pending.since });
      return null;
    default:
      throw new PlatformError('unknown', UNKNOWN_OUTCOME_MESSAGE);
  }
}
