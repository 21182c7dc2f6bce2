import { isPlatformId, type PlatformId } from '../../shared/platforms/ids.js';
import { getValidAccessToken, markNeedsReconnect, refreshAccountToken } from '../accounts/account-tokens.js';
import { parseJsonObject } from '../db/json-column.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { ClaimLostError, notSent, PlatformError } from '../platforms/platform-error.js';
import { createPlatformHttp } from '../platforms/platform-http.js';
import type { PlatformResponse } from '../platforms/platform-response.js';
import { type PublishProgress, parseProgress } from '../posts/post-states.js';
import { saveProgress as saveProgressRow } from '../posts/post-transitions.js';
import type { GateEntry } from './due-gate.js';
import type { PublishContext } from './platform-adapter.js';
import { getAdapter } from './platforms/index.js';
import { clearCommitSent, markCommitSent } from './publish-attempts.js';
import { loadPublishInput } from './publish-input.js';
import { ACCOUNT_DISCONNECTED_MESSAGE } from './publish-messages.js';
import { pendingReconcile, reconcileBeforePublishing } from './reconcile-post.js';

/** Spec 02 section 8 (viewing a post): the same words when publishing needs a reconnect. */
const RECONNECT_MESSAGE = 'Your account needs to be reconnected. Please reconnect your account.';

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

export async function publishWithAdapter(
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
  const claim = post.leaseOwner;
  const saveProgress = async (patch: Record<string, unknown>) => {
    progress = { ...progress, ...patch };
    await saveProgressRow(db, post.id, progress, claim);
  };
  const notBefore = options.notBefore ?? 0;
  const dueGate = options.dueGate && notBefore > Date.now() ? options.dueGate : null;
  const http = createPlatformHttp(config, platform, signal, {
    beforeFollowUp: options.yieldToBurst,
    afterFirst: () => options.firstAnswered?.(attemptId),
    // Written before a create request leaves: after a crash, this is what tells "never sent,
    // safe to resume" from "maybe public, ask the platform". Refused once the post is another
    // worker's: then nothing leaves.
    beforeCommit: async () => {
      const marked = await markCommitSent(db, attemptId).catch((error: unknown) => {
        throw notSent(error);
      });
      if (marked.length === 0) throw new ClaimLostError();
    },
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
