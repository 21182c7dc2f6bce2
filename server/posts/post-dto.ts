import type { PlatformId } from '../../shared/platforms/ids.js';
import type {
  MediaDto,
  PostAccountSummary,
  PostDto,
  PostMetricsDto,
  TweetInput,
} from '../../shared/posts/api.js';
import type { Db } from '../db/database.js';
import { parseJsonColumn } from '../db/json-column.js';
import type { MediaRow, ScheduledPostRow } from '../db/schema.js';
import { toMediaDto } from '../media/media-dto.js';

export function postMediaIds(row: Pick<ScheduledPostRow, 'media'>): string[] {
  const ids = parseJsonColumn<unknown>(row.media, []);
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

export function postTweets(row: Pick<ScheduledPostRow, 'tweets'>): TweetInput[] | null {
  const tweets = parseJsonColumn<unknown>(row.tweets, null);
  if (!Array.isArray(tweets)) return null;
  return tweets.map((tweet) => ({
    content: typeof tweet?.content === 'string' ? tweet.content : '',
    media: Array.isArray(tweet?.media) ? tweet.media.filter((id: unknown) => typeof id === 'string') : [],
  }));
}

/** Every media id a post uses: its own and every tweet's. */
export function allMediaIdsOf(row: Pick<ScheduledPostRow, 'media' | 'tweets'>): string[] {
  const ids = new Set(postMediaIds(row));
  for (const tweet of postTweets(row) ?? []) for (const id of tweet.media) ids.add(id);
  return [...ids];
}

function iso(value: number | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** Builds the wire shape of many posts with two queries (media and accounts) in total. */
export async function toPostDtos(db: Db, rows: readonly ScheduledPostRow[]): Promise<PostDto[]> {
  if (rows.length === 0) return [];
  const mediaIds = [...new Set(rows.flatMap((row) => allMediaIdsOf(row)))];
  const accountIds = [...new Set(rows.map((row) => row.socialAccountId).filter((id): id is string => !!id))];
  const userIds = [...new Set(rows.map((row) => row.userId))];
  const postedIds = rows.filter((row) => row.status === 'posted').map((row) => row.id);
  const [mediaRows, accounts, metricRows] = await Promise.all([
    mediaIds.length > 0
      ? db
          .selectFrom('media')
          .selectAll()
          .where('id', 'in', mediaIds)
          .where('userId', 'in', userIds)
          .execute()
      : Promise.resolve([] as MediaRow[]),
    accountIds.length > 0
      ? db
          .selectFrom('socialAccounts')
          .select(['id', 'userId', 'platform', 'accountName', 'accountHandle', 'avatarUrl'])
          .where('id', 'in', accountIds)
          .where('userId', 'in', userIds)
          .execute()
      : Promise.resolve([]),
    postedIds.length > 0
      ? db
          .selectFrom('postMetrics')
          .select(['postId', 'userId', 'likes', 'comments', 'shares', 'views', 'engagement', 'readAt'])
          .where('postId', 'in', postedIds)
          .where('userId', 'in', userIds)
          .execute()
      : Promise.resolve([]),
  ]);
  const metricsById = new Map(metricRows.map((row) => [row.postId, row]));
  const mediaById = new Map(mediaRows.map((row) => [row.id, row]));
  const accountById = new Map(accounts.map((account) => [account.id, account]));
  const mediaOf = (ids: readonly string[], userId: string): MediaDto[] =>
    ids.flatMap((id) => {
      const media = mediaById.get(id);
      return media && media.userId === userId ? [toMediaDto(media)] : [];
    });

  return rows.map((row) => {
    const account = row.socialAccountId ? accountById.get(row.socialAccountId) : undefined;
    const summary: PostAccountSummary | null =
      account && account.userId === row.userId
        ? {
            id: account.id,
            platform: account.platform as PlatformId,
            accountName: account.accountName,
            accountHandle: account.accountHandle,
            avatarUrl: account.avatarUrl,
          }
        : null;
    const tweets = postTweets(row);
    return {
      id: row.id,
      socialAccountId: row.socialAccountId,
      platform: row.platform as PlatformId,
      content: row.content,
      status: row.status,
      isDraft: row.isDraft === 1,
      scheduledAt: iso(row.scheduledAt),
      postedAt: iso(row.postedAt),
      postType: row.postType,
      media: mediaOf(postMediaIds(row), row.userId),
      tweets: tweets
        ? tweets.map((tweet) => ({ content: tweet.content, media: mediaOf(tweet.media, row.userId) }))
        : null,
      metadata: parseJsonColumn<Record<string, unknown>>(row.metadata, {}),
      platformPostId: row.platformPostId,
      platformPostUrl: row.platformPostUrl,
      errorMessage: row.errorMessage,
      account: summary,
      metrics: metricsOf(metricsById.get(row.id), row.userId),
      groupId: row.groupId,
      customized: row.customized === 1,
      createdAt: new Date(row.createdAt).toISOString(),
      updatedAt: new Date(row.updatedAt).toISOString(),
    };
  });
}

function metricsOf(
  row:
    | {
        userId: string;
        likes: number;
        comments: number;
        shares: number;
        views: number;
        engagement: number;
        readAt: number;
      }
    | undefined,
  userId: string,
): PostMetricsDto | null {
  if (!row || row.userId !== userId) return null;
  const { likes, comments, shares, views, engagement } = row;
  return { likes, comments, shares, views, engagement, readAt: new Date(row.readAt).toISOString() };
}

export async function toPostDto(db: Db, row: ScheduledPostRow): Promise<PostDto> {
  const [dto] = await toPostDtos(db, [row]);
  return dto!;
}
