import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { type ListPostsQuery, POSTS_PAGE_SIZE } from '../../shared/posts/api.js';
import type { ListPostsResult } from '../../shared/posts/post-list.js';
import { requireOwnAccount } from '../accounts/require-own-account.js';
import { AppError } from '../core/errors.js';
import type { Database } from '../db/schema.js';
import { sqlDialect } from '../db/sql-dialect.js';
import type { AppDeps } from '../http/types.js';
import { getPreferences } from '../settings/preferences.service.js';
import { loadPostEntries } from './post-entries.js';
import { type RangeName, rangeBounds } from './post-ranges.js';

const UPCOMING_RANGES: readonly RangeName[] = ['all', 'today', 'this-week', 'this-month'];
const SENT_STATUSES = ['posted', 'failed'] as const;

type PostsQuery = SelectQueryBuilder<Database, 'scheduledPosts', object>;

/** `%`, `_` and the escape character itself match literally in LIKE ... ESCAPE '\'. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Upcoming: non-draft scheduled/publishing posts at or after now (with a date filter: within
 * it), or drafts with status=draft; ordered by creation (spec 02 section 7).
 * Sent: posted and failed, ordered by their time. Date filters follow the user's timezone.
 * Entries, not posts, are paged (post-list.ts): a group whose posts match shows once, with every
 * post, and sorts by its earliest matching post.
 */
export async function listPosts(
  deps: AppDeps,
  userId: string,
  query: ListPostsQuery,
  now = Date.now(),
): Promise<ListPostsResult> {
  const { timezone } = await getPreferences(deps, userId);
  const status = query.status && query.status !== 'all' ? query.status : null;
  const platform = query.platform && query.platform !== 'all' ? query.platform : null;
  const sent = query.view === 'sent';
  if (!sent && !UPCOMING_RANGES.includes(query.range)) {
    throw new AppError('validation_error', 'This date filter is not available for upcoming posts.', {
      field: 'range',
    });
  }
  if (sent && status && !(SENT_STATUSES as readonly string[]).includes(status)) {
    throw new AppError('validation_error', 'Sent posts are either posted or failed.', { field: 'status' });
  }
  if (query.accountId) await requireOwnAccount(deps.db, userId, query.accountId);
  const drafts = !sent && status === 'draft';
  const bounds = rangeBounds(query.range, timezone, now);
  // Drafts may have no time: their creation time stands in for it.
  const when = sent
    ? sql<number>`coalesce(scheduled_at, posted_at, created_at)`
    : drafts
      ? sql<number>`coalesce(scheduled_at, created_at)`
      : sql<number>`scheduled_at`;

  const filtered = (qb: PostsQuery) => {
    let q = qb.where('userId', '=', userId);
    if (sent) {
      q = q.where('status', 'in', status ? [status as 'posted' | 'failed'] : [...SENT_STATUSES]);
    } else if (drafts) {
      q = q.where('isDraft', '=', 1);
    } else {
      q = q.where('isDraft', '=', 0);
      q = q.where('status', 'in', status ? [status] : ['scheduled', 'publishing']);
      if (!bounds) q = q.where('scheduledAt', '>=', now);
    }
    if (platform) q = q.where('platform', '=', platform);
    if (query.accountId) q = q.where('socialAccountId', '=', query.accountId);
    if (bounds) {
      q = q.where(when, '>=', bounds.start);
      if (bounds.end !== null) q = q.where(when, '<', bounds.end);
    }
    if (query.search) {
      const pattern = likePattern(query.search);
      const dialect = sqlDialect(deps.db);
      q = q.where((eb: ExpressionBuilder<Database, 'scheduledPosts'>) =>
        eb.or([
          dialect.likeIgnoringCase(sql`content`, pattern),
          dialect.likeIgnoringCase(sql`coalesce(tweets, '')`, pattern),
        ]),
      );
    }
    return q;
  };

  const direction = query.sort === 'oldest' ? 'asc' : 'desc';
  const order = sent ? when : sql<number>`created_at`;
  // A lone post is its own entry; the posts of a group share the group's.
  const entry = sql<string>`coalesce(group_id, id)`;
  const [countRow, page] = await Promise.all([
    filtered(deps.db.selectFrom('scheduledPosts'))
      .select(sql<number>`count(distinct coalesce(group_id, id))`.as('total'))
      .executeTakeFirst(),
    filtered(deps.db.selectFrom('scheduledPosts'))
      .select([
        entry.as('entryId'),
        sql<string | null>`max(group_id)`.as('groupId'),
        sql<number>`min(${order})`.as('sortKey'),
      ])
      .groupBy(entry)
      .orderBy('sortKey', direction)
      .orderBy('entryId', direction)
      .limit(POSTS_PAGE_SIZE)
      .offset((query.page - 1) * POSTS_PAGE_SIZE)
      .execute(),
  ]);
  const entries = await loadPostEntries(deps.db, userId, page);
  return {
    entries,
    posts: entries.flatMap((item) => item.posts),
    total: Number(countRow?.total ?? 0),
    page: query.page,
    pageSize: POSTS_PAGE_SIZE,
  };
}
