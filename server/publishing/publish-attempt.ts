import path from 'node:path';
import { sql } from 'kysely';
import { isPlatformId, type PlatformId } from '../../shared/platforms/ids.js';
import { getValidAccessToken, markNeedsReconnect, refreshAccountToken } from '../accounts/account-tokens.js';
import { parseJsonColumn, parseJsonObject } from '../db/json-column.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { createPublicMediaUrl } from '../media/public-media-url.js';
import type { GateEntry } from '../scheduler/due-gate.js';
import { createJpegPublicUrl } from './jpeg-copy.js';
import type { PublishContext, PublishInput, PublishMedia } from './platform-adapter.js';
import { createPlatformHttp, type PlatformResponse } from './platform-http.js';
import { getAdapter } from './platforms/index.js';
import { publishPostUpdated } from './post-events.js';
import { ACCOUNT_DISCONNECTED_MESSAGE, PublishError, UNKNOWN_OUTCOME_MESSAGE } from './publish-error.js';
import { notifyFailed, notifyPublished, notifyUnknownOutcome } from './publish-notifications.js';
import {
  endAttempt,
  firstAttemptStart,
  type PublishProgress,
  parseProgress,
  startAttempt,
} from './publishing.repository.js';
import {
  askPlatformFirst,
  checkingMessage,
  forgetQuestion,
  pendingReconcile,
  reconcileBeforePublishing,
} from './reconcile-post.js';

/** Spec 02 section 8 (viewing a post): the same words when publishing needs a reconnect. */
const RECONNECT_MESSAGE = 'Your account needs to be reconnected. Please reconnect your account.';

export const MAX_ATTEMPTS = 5;
export const RETRY_WINDOW_MS = 60 * 60_000;

export interface AttemptOptions {
  /** Do not send anything to the platform before this time (the post's due moment). */
  notBefore?: number;
  /**
   * Holds the attempt's first request, built in advance, until the due moment, then marks it as
   * possibly sent (a commit) with its batch in one write and sends it (the scheduler's gate).
   * Without it, each attempt sleeps until the moment and marks its own commit requests.
   */
  dueGate?: (entry: GateEntry<PlatformResponse>, at: number) => Promise<PlatformResponse>;
  /** Waits while a burst of due posts is still sending its first requests (see due-gate.ts). */
  yieldToBurst?: () => Promise<void>;
  /** Tells the due gate this attempt's first platform request has its answer. */
  firstAnswered?: (attemptId: number) => void;
}

export type AttemptResult =
  /** A post found on the platform after a lost answer may have no known id (reconcile-post.ts). */
  | { outcome: 'posted'; platformPostId: string | null; url: string | null }
  | { outcome: 'retry'; nextAttemptAt: number; message: string }
  | { outcome: 'failed'; message: string }
  | { outcome: 'unknown'; message: string };

/**
 * Runs one attempt of a post this worker has claimed (status `publishing`), records it in
 * publish_attempts and leaves the post `posted`, `failed`, or `scheduled` for a retry.
 */
export async function runPublishAttempt(
  deps: AppDeps,
  claimed: ScheduledPostRow,
  signal: AbortSignal,
  options: AttemptOptions = {},
): Promise<AttemptResult> {
  const { db } = deps;
  const now = Date.now();
  const attemptNo = claimed.attemptCount + 1;
  await db
    .updateTable('scheduledPosts')
    .set({ attemptCount: attemptNo })
    .where('id', '=', claimed.id)
    .execute();
  const attemptId = await startAttempt(db, claimed.id, attemptNo, now);

  let result: AttemptResult;
  let httpStatus: number | null = null;
  try {
    const outcome = await publishWithAdapter(deps, claimed, attemptId, signal, options);
    options.firstAnswered?.(attemptId);
    await options.yieldToBurst?.();
    result = { outcome: 'posted', ...outcome };
  } catch (error) {
    const publishError =
      error instanceof PublishError
        ? error
        : new PublishError('retryable', 'An unexpected error occurred while publishing.', { cause: error });
    if (!(error instanceof PublishError)) {
      deps.logger.error('publish attempt crashed', { postId: claimed.id, error });
    }
    httpStatus = publishError.httpStatus;
    options.firstAnswered?.(attemptId);
    await options.yieldToBurst?.();
    result = await decideAfterFailure(deps, claimed, attemptId, attemptNo, publishError);
  }

  await endAttempt(db, attemptId, {
    outcome: result.outcome === 'posted' ? 'success' : result.outcome,
    httpStatus,
    error: result.outcome === 'posted' ? null : result.message,
  });
  await applyResult(deps, claimed, result);
  return result;
}

async function publishWithAdapter(
  deps: AppDeps,
  post: ScheduledPostRow,
  attemptId: number,
  signal: AbortSignal,
  options: AttemptOptions,
) {
  const { db, config } = deps;
  if (!isPlatformId(post.platform)) throw new PublishError('permanent', 'Unsupported platform');
  const platform: PlatformId = post.platform;
  if (!post.socialAccountId) throw new PublishError('permanent', ACCOUNT_DISCONNECTED_MESSAGE);
  const account = await db
    .selectFrom('socialAccounts')
    .selectAll()
    .where('id', '=', post.socialAccountId)
    .where('userId', '=', post.userId)
    .executeTakeFirst();
  if (!account) throw new PublishError('permanent', ACCOUNT_DISCONNECTED_MESSAGE);
  if (account.status === 'needs_reconnect') {
    throw new PublishError('permanent', RECONNECT_MESSAGE);
  }
  const adapter = getAdapter(platform);
  if (!adapter)
    throw new PublishError('permanent', `Publishing to ${platform} is not available on this server.`);

  let progress: PublishProgress = parseProgress(post);
  const saveProgress = async (patch: Record<string, unknown>) => {
    progress = { ...progress, ...patch };
    await db
      .updateTable('scheduledPosts')
      .set({ publishProgress: JSON.stringify(progress) })
      .where('id', '=', post.id)
      .execute();
  };
  const notBefore = options.notBefore ?? 0;
  const dueGate = options.dueGate && notBefore > Date.now() ? options.dueGate : null;
  const http = createPlatformHttp(config, platform, signal, {
    beforeFollowUp: options.yieldToBurst,
    afterFirst: () => options.firstAnswered?.(attemptId),
    // Written before a create request leaves: after a crash, this is what tells "never sent,
    // safe to resume" from "maybe public, ask the platform".
    beforeCommit: () => markCommitSent(deps, attemptId),
    // The gate writes the same mark for a first request, with its batch.
    firstRequestGate: dueGate
      ? (commit, send) => dueGate({ attemptId, platform, commit, send }, notBefore)
      : undefined,
  });

  // Read (and refresh if needed) the token before the post is due, so the due moment only
  // costs the platform request; a refresh after a 401 drops the cached one.
  let token: Promise<string> | null = null;
  const accessToken = () => {
    token ??= getValidAccessToken(deps, account.id).catch((error: unknown) => {
      token = null;
      if (error instanceof PublishError) throw error;
      throw new PublishError('permanent', RECONNECT_MESSAGE, {
        cause: error,
      });
    });
    return token;
  };

  const ctx: PublishContext = {
    config,
    logger: deps.logger.child({ postId: post.id, platform }),
    http,
    account: {
      id: account.id,
      platform,
      platformAccountId: account.platformAccountId,
      accountName: account.accountName,
      accountHandle: account.accountHandle,
      metadata: parseJsonObject(account.metadata),
      scopes: account.scopes ? account.scopes.split(/[\s,]+/).filter(Boolean) : undefined,
    },
    accessToken,
    get progress() {
      return progress;
    },
    saveProgress: async (patch) => {
      // Not during a burst's first requests. Until written, the attempt still reads "maybe
      // sent", which is the safe answer after a crash.
      await options.yieldToBurst?.();
      // A part is public and recorded: the next create request opens a new "maybe sent" window.
      await saveProgress(patch);
      await db
        .updateTable('publishAttempts')
        .set({ commitSentAt: null })
        .where('id', '=', attemptId)
        .execute();
    },
    remember: async (patch) => {
      await options.yieldToBurst?.();
      await saveProgress(patch);
    },
    sleep: (ms) => sleep(ms, signal),
    signal,
  };
  const input = await loadPublishInput(deps, post, platform);
  await accessToken();
  // With the gate, the adapter runs now (ahead of the moment) up to its first request, which
  // waits at the gate fully built: the due moment only costs sending it.
  if (!dueGate && notBefore > Date.now()) await sleep(notBefore - Date.now(), signal);
  // A create request of an earlier attempt may have made the post public: ask first.
  const run = async () => {
    const pending = pendingReconcile(progress);
    if (pending) {
      const found = await reconcileBeforePublishing(db, post, ctx, adapter, input, pending);
      if (found) return found;
    }
    return adapter.publish(ctx, input);
  };
  try {
    return await run();
  } catch (error) {
    if (error instanceof PublishError && error.kind === 'auth') {
      // One refresh through the account's lock, then the call once more.
      try {
        token = null;
        await refreshAccountToken(deps, account.id);
      } catch {
        throw new PublishError('permanent', RECONNECT_MESSAGE, { httpStatus: error.httpStatus });
      }
      try {
        return await run();
      } catch (second) {
        if (second instanceof PublishError && second.kind === 'auth') {
          // Refused again with a fresh token: only the user can fix it by reconnecting.
          await markNeedsReconnect(deps, account, second.message);
          throw new PublishError('permanent', RECONNECT_MESSAGE, { httpStatus: second.httpStatus });
        }
        throw second;
      }
    }
    throw error;
  }
}

async function decideAfterFailure(
  deps: AppDeps,
  post: ScheduledPostRow,
  attemptId: number,
  attemptNo: number,
  error: PublishError,
): Promise<AttemptResult> {
  const now = Date.now();
  // The platform has not listed a post that may exist yet: look again then (not a failure).
  if (error.kind === 'pending') {
    return { outcome: 'retry', nextAttemptAt: now + (error.retryAfterMs ?? 1000), message: error.message };
  }
  if (error.kind === 'unknown') {
    const adapter = isPlatformId(post.platform) ? getAdapter(post.platform) : undefined;
    const attempt = await deps.db
      .selectFrom('publishAttempts')
      .select('commitSentAt')
      .where('id', '=', attemptId)
      .executeTakeFirst();
    // A create request of this attempt may have made the post public: ask the platform now.
    if (
      !error.isFinal &&
      adapter?.reconcile &&
      attempt?.commitSentAt != null &&
      isPlatformId(post.platform)
    ) {
      await askPlatformFirst(deps.db, post.id, attempt.commitSentAt);
      return {
        outcome: 'retry',
        nextAttemptAt: now,
        message: checkingMessage(post.platform),
      };
    }
    // The platform cannot tell: the user checks and decides (Post Now sends it again).
    await forgetQuestion(deps.db, post.id);
    return { outcome: 'unknown', message: UNKNOWN_OUTCOME_MESSAGE };
  }
  if (error.kind === 'permanent' || error.kind === 'auth')
    return { outcome: 'failed', message: error.message };
  const first = (await firstAttemptStart(deps.db, post.id, now - RETRY_WINDOW_MS)) ?? now;
  const delay = Math.max(error.retryAfterMs ?? 0, backoffMs(deps.config.PUBLISH_RETRY_BASE_MS, attemptNo));
  const nextAttemptAt = now + delay;
  if (attemptNo >= MAX_ATTEMPTS || nextAttemptAt > first + RETRY_WINDOW_MS) {
    return { outcome: 'failed', message: error.message };
  }
  return { outcome: 'retry', nextAttemptAt, message: error.message };
}

/** Exponential backoff with full jitter between half and all of the step. */
export function backoffMs(baseMs: number, attemptNo: number): number {
  const step = baseMs * 3 ** (attemptNo - 1);
  return Math.round(step / 2 + Math.random() * (step / 2));
}

async function applyResult(deps: AppDeps, post: ScheduledPostRow, result: AttemptResult): Promise<void> {
  const { db } = deps;
  const now = Date.now();
  const base = { leaseUntil: null, leaseOwner: null, updatedAt: now };
  const update =
    result.outcome === 'posted'
      ? {
          ...base,
          status: 'posted' as const,
          postedAt: now,
          platformPostId: result.platformPostId,
          platformPostUrl: result.url,
          errorMessage: null,
          nextAttemptAt: null,
          isDraft: 0,
        }
      : result.outcome === 'retry'
        ? {
            ...base,
            status: 'scheduled' as const,
            nextAttemptAt: result.nextAttemptAt,
            errorMessage: result.message,
          }
        : { ...base, status: 'failed' as const, errorMessage: result.message, nextAttemptAt: null };
  const updated = await db
    .updateTable('scheduledPosts')
    .set(update)
    .where('id', '=', post.id)
    .where('status', '=', 'publishing')
    .returningAll()
    .executeTakeFirst();
  if (!updated) return;
  await publishPostUpdated(deps, updated);
  if (result.outcome === 'posted') await notifyPublished(deps, post);
  else if (result.outcome === 'failed') await notifyFailed(deps, post, result.message);
  else if (result.outcome === 'unknown') await notifyUnknownOutcome(deps, post);
}

async function loadPublishInput(
  deps: AppDeps,
  post: ScheduledPostRow,
  platform: PlatformId,
): Promise<PublishInput> {
  const tweets = parseJsonColumn<Array<{ content: string; media: string[] }> | null>(post.tweets, null);
  const postMedia = parseJsonColumn<string[]>(post.media, []);
  const mediaIds = [...postMedia, ...(tweets ?? []).flatMap((t) => t.media ?? [])];
  const rows = mediaIds.length
    ? await deps.db
        .selectFrom('media')
        .selectAll()
        .where('userId', '=', post.userId)
        .where('id', 'in', mediaIds)
        .execute()
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const toMedia = (id: string): PublishMedia => {
    const row = byId.get(id);
    if (!row) throw new PublishError('permanent', 'Unable to load media. Please try again later.');
    return {
      id: row.id,
      fileName: row.fileName,
      mimeType: row.mimeType,
      kind: row.kind,
      sizeBytes: row.sizeBytes,
      path: path.isAbsolute(row.storagePath)
        ? row.storagePath
        : path.join(deps.config.dataDir, row.storagePath),
      publicUrl: async () => createPublicMediaUrl(deps, row.id),
      publicJpegUrl: async () => createJpegPublicUrl(deps, row),
    };
  };
  return {
    postId: post.id,
    userId: post.userId,
    platform,
    postType: post.postType,
    content: post.content,
    media: postMedia.map(toMedia),
    parts:
      tweets && tweets.length > 0
        ? tweets.map((t) => ({ content: t.content, media: (t.media ?? []).map(toMedia) }))
        : null,
    metadata: parseJsonObject(post.metadata),
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Written just before a create request leaves (see recover-posts.ts). */
export async function markCommitSent(deps: Pick<AppDeps, 'db'>, ...attemptIds: number[]): Promise<void> {
  if (attemptIds.length === 0) return;
  // One JSON parameter instead of thousands of bound ids: the query stays cheap to build
  // when a whole burst is marked at its due moment.
  await deps.db
    .updateTable('publishAttempts')
    .set({ commitSentAt: Date.now() })
    .where('id', 'in', sql<number>`(select value from json_each(${JSON.stringify(attemptIds)}))`)
    .execute();
}
