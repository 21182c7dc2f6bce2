import type { PlatformId } from '../../shared/platforms/ids.js';
import {
  CALENDAR_MAX_RANGE_DAYS,
  CALENDAR_SENT_DAYS,
  type CalendarPostDto,
  type CalendarQuery,
} from '../../shared/posts/api.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';

const DAY_MS = 86_400_000;
const PREVIEW_CHARS = 60;

/**
 * GET /api/posts/calendar: one range of the user's scheduled posts and of sent posts from the
 * last 30 days (spec 02 section 4). One indexed range query on (user_id, scheduled_at), with the
 * few columns a calendar cell shows, so a month costs the same with a long history.
 */
export async function listCalendarPosts(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  query: CalendarQuery,
  now = Date.now(),
): Promise<CalendarPostDto[]> {
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  if (!(to > from) || to - from > CALENDAR_MAX_RANGE_DAYS * DAY_MS) {
    throw new AppError('validation_error', `Ask for at most ${CALENDAR_MAX_RANGE_DAYS} days at a time.`, {
      field: 'to',
    });
  }
  const sentSince = now - CALENDAR_SENT_DAYS * DAY_MS;
  const rows = await deps.db
    .selectFrom('scheduledPosts')
    // Only what a cell shows: the start of the text and the number of media, cut by SQLite.
    .select((eb) => [
      'id',
      'platform',
      'socialAccountId',
      'status',
      'scheduledAt',
      'postedAt',
      'postType',
      eb.fn<string>('substr', ['content', eb.val(1), eb.val(PREVIEW_CHARS)]).as('preview'),
      eb.fn<number>('json_array_length', ['media']).as('mediaCount'),
      'platformPostUrl',
      'errorMessage',
    ])
    .where('userId', '=', userId)
    .where('scheduledAt', '>=', from)
    .where('scheduledAt', '<', to)
    .where('isDraft', '=', 0)
    .where((eb) => eb.or([eb('status', '!=', 'posted'), eb('postedAt', '>=', sentSince)]))
    .orderBy('scheduledAt')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    platform: row.platform as PlatformId,
    socialAccountId: row.socialAccountId,
    status: row.status,
    at: new Date(
      row.status === 'posted' && row.postedAt ? row.postedAt : (row.scheduledAt ?? 0),
    ).toISOString(),
    postType: row.postType,
    preview: row.preview,
    mediaCount: row.mediaCount,
    platformPostUrl: row.platformPostUrl,
    errorMessage: row.errorMessage,
  }));
}
