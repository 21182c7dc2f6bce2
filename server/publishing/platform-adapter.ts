import type { PlatformId } from '../../shared/platforms/ids.js';
import type { Config } from '../config.js';
import type { Logger } from '../core/logger.js';
import type { PlatformHttp } from '../platforms/platform-http.js';

/** A media file of the post, on disk, with a signed public address for platforms that fetch by URL. */
export interface PublishMedia {
  id: string;
  fileName: string;
  mimeType: string;
  kind: 'image' | 'video' | 'document' | 'audio';
  sizeBytes: number;
  /** Absolute path of the stored file. */
  path: string;
  /** A signed, expiring address under APP_URL the platform can fetch. */
  publicUrl(): Promise<string>;
  /** Like publicUrl, but a JPEG: other images are converted into a stored JPEG copy first (Instagram). */
  publicJpegUrl(): Promise<string>;
}

export interface PublishInput {
  postId: string;
  userId: string;
  platform: PlatformId;
  postType: string;
  content: string;
  media: PublishMedia[];
  /** X threads and Threads reply chains: every part, the first one included. */
  parts: Array<{ content: string; media: PublishMedia[] }> | null;
  metadata: Record<string, unknown>;
}

interface PublishAccount {
  id: string;
  platform: PlatformId;
  platformAccountId: string;
  accountName: string;
  accountHandle: string | null;
  metadata: Record<string, unknown>;
  /** Permissions the account granted, when the platform said. */
  scopes?: string[];
}

export interface PublishContext {
  config: Config;
  logger: Logger;
  http: PlatformHttp;
  account: PublishAccount;
  /** A valid access token (refreshed under the account's lock when needed). */
  accessToken(): Promise<string>;
  /**
   * What earlier attempts of this post already did (e.g. ids of thread parts already
   * public). Adapters resume from it so a retry never publishes a part twice.
   */
  progress: Record<string, unknown>;
  saveProgress(patch: Record<string, unknown>): Promise<void>;
  /**
   * Records what identifies the coming create request on the platform (a container or publish
   * id) before it is sent, so that after a crash the platform can be asked about exactly it.
   */
  remember?(patch: Record<string, unknown>): Promise<void>;
  /** Waits without blocking other posts; rejects when the attempt is abandoned. */
  sleep(ms: number): Promise<void>;
  signal: AbortSignal;
}

interface PublishOutcome {
  platformPostId: string;
  url: string | null;
}

export interface CreatorInfo {
  privacyLevelOptions: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number | null;
}

/** What the engine asks after a create request whose answer never came (reconcile-post.ts). */
export interface ReconcileQuery {
  /** Earliest moment the create request may have left (its "maybe sent" mark). */
  since: number;
  /** The part whose create request is in question (0 unless a thread or reply chain). */
  part: number;
  /** The part it replies to, for the later parts of a chain. */
  replyTo: string | null;
  /** Platform ids already recorded for other posts of this account: never claimed twice. */
  knownIds: ReadonlySet<string>;
}

export type ReconcileResult =
  /** The platform has it. */
  | { status: 'found'; platformPostId: string; url: string | null }
  /** The platform says it was published but does not list it (yet), so its id is unknown. */
  | { status: 'published' }
  /** It reached the platform, which is still processing it: publish() carries on from `progress`. */
  | { status: 'resume'; progress: Record<string, unknown> }
  /** Not there: nothing was published, unless it shows up within the platform's listing delay. */
  | { status: 'absent' }
  /** The platform offers no way to tell (no list endpoint, nothing to match on). */
  | { status: 'unknowable' };

/** One per platform in server/publishing/platforms/<platform>.ts. */
export interface PlatformAdapter {
  platform: PlatformId;
  /**
   * Longest the platform takes to list a post it accepted (its read side is eventually
   * consistent); the engine adds the in-flight time of a request before trusting "absent".
   */
  visibilityDelayMs?: number;
  /** Asks the platform whether a create request whose answer was lost made the post public. */
  reconcile?(ctx: PublishContext, input: PublishInput, query: ReconcileQuery): Promise<ReconcileResult>;
  /** Publishes the post; throws PlatformError with a user-facing message on failure. */
  publish(ctx: PublishContext, input: PublishInput): Promise<PublishOutcome>;
  /** The public address of a published post, when it can be read back. */
  postUrl?(ctx: PublishContext, platformPostId: string): Promise<string | null>;
  /** X @mention suggestions. */
  lookupUsers?(
    ctx: PublishContext,
    query: string,
  ): Promise<Array<{ id: string; username: string; name: string }>>;
  /** TikTok creator info (privacy options) before each post. */
  creatorInfo?(ctx: PublishContext): Promise<CreatorInfo>;
}
