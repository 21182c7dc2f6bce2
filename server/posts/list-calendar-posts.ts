import { sql } from 'kysely';
import { CALENDAR_MAX_RANGE_DAYS, CALENDAR_SENT_DAYS, type CalendarQuery } from '../../shared/posts/api.js';
import { CALENDAR_PREVIEW_CODE_POINTS } from '../../shared/posts/constants.js';
import { requireOwnAccount } from '../accounts/require-own-account.js';
import { AppError } from '../core/errors.js';
import { sqlDialect } from '../db/sql-dialect.js';
import type { AppDeps } from '../http/types.js';

const DAY_MS = 86_400_000;

/**
 * GET /api/posts/calendar: one range of the user's scheduled posts and of sent posts from the
 * last 30 days (spec 02 section 4), of every account or of one (`accountId`, the user's own). One
 * indexed range query on (user_id, scheduled_at), with only what a cell shows (a month holds
 * thousands: every byte is written, sent and read again; the details dialog reads the whole post).
 * The database writes each post's JSON (`CalendarPostDto[]` as text), which the route sends as it
 * is: no JavaScript object is made, renamed and re-serialised per post (half of that request's
 * time once).
 */
export async function listCalendarPostsJson(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  query: CalendarQuery,
  now = Date.now(),
): Promise<string> {
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  if (!(to > from) || to - from > CALENDAR_MAX_RANGE_DAYS * DAY_MS) {
    throw new AppError('validation_error', `Ask for at most ${CALENDAR_MAX_RANGE_DAYS} days at a time.`, {
      field: 'to',
    });
  }
  if (query.accountId) await requireOwnAccount(deps.db, userId, query.accountId);
  const sentSince = now - CALENDAR_SENT_DAYS * DAY_MS;
  const dialect = sqlDialect(deps.db);
  const preview = sql.lit(CALENDAR_PREVIEW_CODE_POINTS);
  return dialect.jsonArrayOfObjects(
    deps.db,
    [
      ['id', sql`id`, 'token'],
      ['platform', sql`platform`, 'token'],
      ['status', sql`status`, 'token'],
      [
        'atMs',
        sql`case when status = 'posted' and posted_at is not null then posted_at else scheduled_at end`,
        'number',
      ],
      // Short texts (most) need no cut: their bytes are at most the code points kept.
      [
        'preview',
        sql`case when octet_length(content) <= ${preview} then content else substr(content, 1, ${preview}) end`,
        'text',
      ],
      ['socialAccountId', sql`social_account_id`, 'token', 'optional'],
      ['platformPostUrl', sql`platform_post_url`, 'text', 'optional'],
      ['errorMessage', sql`error_message`, 'text', 'optional'],
      ['groupId', sql`group_id`, 'token', 'optional'],
    ],
    sql`(
      select id, platform, social_account_id, status, scheduled_at, posted_at, content, platform_post_url,
        error_message, group_id
      from scheduled_posts
      where user_id = ${userId} and scheduled_at >= ${from} and scheduled_at < ${to} and is_draft = 0
        and (status != 'posted' or posted_at >= ${sentSince})
        ${query.accountId ? sql`and social_account_id = ${query.accountId}` : sql``}
      order by scheduled_at
    )`,
    sql`scheduled_at`,
  );
}
