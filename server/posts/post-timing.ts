import { POST_MESSAGES, type PostAction, type PostStatus } from '../../shared/posts/api.js';
import { isInFuture } from '../../shared/posts/post-timing.js';
import { AppError } from '../core/errors.js';

export interface PostTiming {
  status: PostStatus;
  isDraft: number;
  scheduledAt: number | null;
}

export function parseInstant(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms))
    throw new AppError('validation_error', 'Please enter a valid date and time.', { field: 'scheduledAt' });
  return ms;
}

export function assertFuture(scheduledAt: number | null, now: number): number {
  if (scheduledAt === null) {
    throw new AppError('validation_error', POST_MESSAGES.scheduleMissing, { field: 'scheduledAt' });
  }
  if (!isInFuture(scheduledAt, now)) {
    throw new AppError('validation_error', POST_MESSAGES.scheduleInPast, { field: 'scheduledAt' });
  }
  return scheduledAt;
}

/**
 * draft: status draft, keeps a given time (or none); schedule: a time in the future;
 * publish: scheduled for now, then the client calls POST /api/posts/:id/publish.
 */
export function timingFor(action: PostAction, scheduledAt: number | null, now: number): PostTiming {
  switch (action) {
    case 'draft':
      return { status: 'draft', isDraft: 1, scheduledAt };
    case 'schedule':
      return { status: 'scheduled', isDraft: 0, scheduledAt: assertFuture(scheduledAt, now) };
    case 'publish':
      return { status: 'scheduled', isDraft: 0, scheduledAt: now };
  }
}
