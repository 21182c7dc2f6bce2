/**
 * How a failed publish attempt is classified (issue 5, "the engine"):
 * - retryable: the platform accepted nothing (connection refused, 429, 5xx, a pre-create step failed).
 * - auth: the access token was refused; refresh once and repeat the call.
 * - permanent: the platform refused the content; fail at once with the mapped message.
 * - unknown: the create request was sent and the answer was lost; never re-sent before the
 *   platform has been asked (reconcile-post.ts), and failed for the user to check when it cannot tell.
 * - pending: not a failure: the platform has not listed a post that may exist yet; look again
 *   at `retryAfterMs`.
 */
type PlatformErrorKind = 'retryable' | 'auth' | 'permanent' | 'unknown' | 'pending';

export class PlatformError extends Error {
  readonly kind: PlatformErrorKind;
  readonly httpStatus: number | null;
  /** When the platform said when to come back (Retry-After, x-rate-limit-reset). */
  readonly retryAfterMs: number | null;
  /** An unknown outcome the platform cannot clear up: asking it again would not help. */
  readonly isFinal: boolean;

  constructor(
    kind: PlatformErrorKind,
    message: string,
    options: {
      httpStatus?: number | null;
      retryAfterMs?: number | null;
      cause?: unknown;
      final?: boolean;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'PlatformError';
    this.kind = kind;
    this.httpStatus = options.httpStatus ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
    this.isFinal = options.final ?? false;
  }
}

export const UNKNOWN_OUTCOME_MESSAGE =
  'We could not confirm whether this post was published: the platform stopped answering after receiving it. Please check your account on the platform before retrying.';

/** Milliseconds to wait, from `Retry-After` (seconds or a date) or X's `x-rate-limit-reset` (unix seconds). */
export function retryAfterFromHeaders(
  headers: { get(name: string): string | null },
  now = Date.now(),
): number | null {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const reset = headers.get('x-rate-limit-reset');
  if (reset && Number.isFinite(Number(reset))) return Math.max(0, Number(reset) * 1000 - now);
  return null;
}

/**
 * Not the platform's answer: the request was never sent, because the post is no longer this
 * attempt's (its lease ran out and another worker took it over, see publish-attempts.ts
 * markCommitSent). The attempt stops without touching the post, which its new worker publishes.
 */
export class ClaimLostError extends Error {
  constructor(message = 'Another worker took this post over; this attempt sent nothing.') {
    super(message);
    this.name = 'ClaimLostError';
  }
}

/**
 * The process is stopping (a restart, a rolling upgrade) before this attempt's request left:
 * the attempt stops and hands the post back, due, for another process to publish at once.
 */
export class HandedBackError extends ClaimLostError {
  constructor() {
    super('Postloom was stopping: this attempt sent nothing and handed the post back.');
    this.name = 'HandedBackError';
  }
}

/**
 * The "maybe sent" mark could not be written (the database refused or went away): the request
 * was not sent, so the attempt is simply tried again, never treated as an unknown outcome.
 */
export function notSent(cause: unknown): PlatformError {
  return new PlatformError('retryable', 'The post could not be recorded before sending; nothing was sent.', {
    cause,
  });
}
