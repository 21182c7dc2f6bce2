import path from 'node:path';
import { isPlatformId, type PlatformId } from '../../shared/platforms/ids.js';
import { getValidAccessToken, markNeedsReconnect, refreshAccountToken } from '../accounts/account-tokens.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { createPublicMediaUrl } from '../media/public-media-url.js';
import { PlatformError, UNKNOWN_OUTCOME_MESSAGE } from '../platforms/platform-error.js';
import { createPlatformHttp } from '../platforms/platform-http.js';
import type { PlatformResponse } from '../platforms/platform-transport.js';
import { type PublishProgress, parseProgress } from '../posts/post-states.js';
import {
  askPlatformFirst,
  countAttempt,
  forgetQuestion,
  markFailed,
  markPosted,
  saveProgress as saveProgressRow,
  scheduleRetry,
} from '../posts/post-transitions.js';
import type { GateEntry } from './due-gate.js';
import { createJpegPublicUrl } from './jpeg-copy.js';
import type { PublishContext, PublishInput, PublishMedia } from './platform-adapter.js';
import { getAdapter } from './platforms/index.js';
import { publishPostUpdated } from './post-events.js';
import {
  clearCommitSent,
  endAttempt,
  findCommitSentAt,
  firstAttemptStart,
  markCommitSent,
  startAttempt,
} from './publish-attempts.js';
import { ACCOUNT_DISCONNECTED_MESSAGE } from './publish-messages.js';
import { notifyFailed, notifyPublished, notifyUnknownOutcome } from './publish-notifications.js';
import { checkingMessage, pendingReconcile, reconcileBeforePublishing } from './reconcile-post.js';

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
  await countAttempt(db, claimed.id, attemptNo);
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
      error instanceof PlatformError
        ? error
        : new PlatformError('retryable', 'An unexpected error occurred while publishing.', { cause: error });
    if (!(error instanceof PlatformError)) {
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
  if (!isPlatformId(post.platform)) throw new PlatformError('permanent', 'Unsupported platform');
  const platform: PlatformId = post.platform;
  if (!post.socialAccountId) throw new PlatformError('permanent', ACCOUNT_DISCONNECTED_MESSAGE);
  const account = await db
    .selectFrom('socialAccounts')
    .selectAll()
    .where('id', '=', post.socialAccountId)
    .where('userId', '=', post.userId)
    .executeTakeFirst();
  if (!account) throw new PlatformError('permanent', ACCOUNT_DISCONNECTED_MESSAGE);
  if (account.status === 'needs_reconnect') {
    throw new PlatformError('permanent', RECONNECT_MESSAGE);
  }
  const adapter = getAdapter(platform);
  if (!adapter)
    throw new PlatformError('permanent', `Publishing to ${platform} is not available on this server.`);

  let progress: PublishProgress = parseProgress(post);
  const saveProgress = async (patch: Record<string, unknown>) => {
    progress = { ...progress, ...patch };
    await saveProgressRow(db, post.id, progress);
  };
  const notBefore = options.notBefore ?? 0;
  const dueGate = options.dueGate && notBefore > Date.now() ? options.dueGate : null;
  const http = createPlatformHttp(config, platform, signal, {
    beforeFollowUp: options.yieldToBurst,
    afterFirst: () => options.firstAnswered?.(attemptId),
    // Written before a create request leaves: after a crash, this is what tells "never sent,
    // safe to resume" from "maybe public, ask the platform".
    beforeCommit: async () => void (await markCommitSent(db, attemptId)),
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
      if (error instanceof PlatformError) throw error;
      throw new PlatformError('permanent', RECONNECT_MESSAGE, {
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
      metadata: safeJson(account.metadata),
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
      await clearCommitSent(db, attemptId);
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
    if (error instanceof PlatformError && error.kind === 'auth') {
      // One refresh through the account's lock, then the call once more.
      try {
        token = null;
        await refreshAccountToken(deps, account.id);
      } catch {
        throw new PlatformError('permanent', RECONNECT_MESSAGE, { httpStatus: error.httpStatus });
      }
      try {
        return await run();
      } catch (second) {
        if (second instanceof PlatformError && second.kind === 'auth') {
          // Refused again with a fresh token: only the user can fix it by reconnecting.
          await markNeedsReconnect(deps, account, second.message);
          throw new PlatformError('permanent', RECONNECT_MESSAGE, { httpStatus: second.httpStatus });
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
  error: PlatformError,
): Promise<AttemptResult> {
  const now = Date.now();
  // The platform has not listed a post that may exist yet: look again then (not a failure).
  if (error.kind === 'pending') {
    return { outcome: 'retry', nextAttemptAt: now + (error.retryAfterMs ?? 1000), message: error.message };
  }
  if (error.kind === 'unknown') {
    const adapter = isPlatformId(post.platform) ? getAdapter(post.platform) : undefined;
    const commitSentAt = await findCommitSentAt(deps.db, attemptId);
    // A create request of this attempt may have made the post public: ask the platform now.
    if (!error.isFinal && adapter?.reconcile && commitSentAt !== null && isPlatformId(post.platform)) {
      await askPlatformFirst(deps.db, post.id, commitSentAt);
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
  const updated =
    result.outcome === 'posted'
      ? await markPosted(db, { postId: post.id, platformPostId: result.platformPostId, url: result.url, now })
      : result.outcome === 'retry'
        ? await scheduleRetry(db, {
            postId: post.id,
            nextAttemptAt: result.nextAttemptAt,
            reason: result.message,
            now,
          })
        : await markFailed(db, { postId: post.id, reason: result.message, now });
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
  const tweets = post.tweets
    ? (JSON.parse(post.tweets) as Array<{ content: string; media: string[] }>)
    : null;
  const mediaIds = [...(JSON.parse(post.media) as string[]), ...(tweets ?? []).flatMap((t) => t.media ?? [])];
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
    if (!row) throw new PlatformError('permanent', 'Unable to load media. Please try again later.');
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
    media: (JSON.parse(post.media) as string[]).map(toMedia),
    parts:
      tweets && tweets.length > 0
        ? tweets.map((t) => ({ content: t.content, media: (t.media ?? []).map(toMedia) }))
        : null,
    metadata: safeJson(post.metadata),
  };
}

function safeJson(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
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
