import type { AnalyticsPlatform } from '../../shared/analytics/api.js';
import { truncateText } from '../../shared/text/truncate.js';
import { LINKEDIN_VERSION } from '../platforms/linkedin-api.js';
import { graphJson } from '../platforms/meta-graph.js';
import type { PlatformHttp } from '../platforms/platform-http.js';

/** What one read of a post gives, whatever the platform calls it. */
interface PostCounts {
  likes: number;
  comments: number;
  shares: number;
  views: number;
}

export interface ReaderContext {
  http: PlatformHttp;
  token: string;
  /** The platform's id of the account (X user, Page, Instagram user, Threads user, member). */
  accountId: string;
}

interface MetricReader {
  /** The account's follower count now, or null when the platform does not tell. */
  followers(ctx: ReaderContext): Promise<number | null>;
  /** Counts of the given published posts (by the platform's post id); missing ids are left out. */
  posts(ctx: ReaderContext, postIds: string[]): Promise<Map<string, PostCounts>>;
}

const X_API = 'https://api.x.com/2';
const FACEBOOK_GRAPH = 'https://graph.facebook.com/v25.0';
const INSTAGRAM_GRAPH = 'https://graph.instagram.com/v25.0';
const THREADS_GRAPH = 'https://graph.threads.net/v1.0';
const LINKEDIN_API = 'https://api.linkedin.com/rest';

const auth = (ctx: ReaderContext) => ({ authorization: `Bearer ${ctx.token}` });
const mapError = (status: number, body: string) =>
  `Analytics read failed: ${status} - ${truncateText(body, 300)}`;
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

interface InsightRow {
  name: string;
  values?: Array<{ value: unknown }>;
  total_value?: { value: unknown };
}

/** An insight's value: a number, or an object of numbers (reactions by type, paid/organic) summed. */
function insightValue(row: InsightRow | undefined): number {
  if (!row) return 0;
  const raw = row.total_value?.value ?? row.values?.at(-1)?.value;
  if (raw && typeof raw === 'object') return Object.values(raw).reduce<number>((sum, v) => sum + num(v), 0);
  return num(raw);
}

async function insights(ctx: ReaderContext, url: string): Promise<Map<string, InsightRow>> {
  const body = await graphJson<{ data?: InsightRow[] }>(ctx, url, { headers: auth(ctx), mapError });
  return new Map((body.data ?? []).map((row) => [row.name, row]));
}

/** One post at a time (Graph insights have no batch read); a bounded few in parallel. */
async function eachPost(
  postIds: string[],
  read: (id: string) => Promise<PostCounts | null>,
): Promise<Map<string, PostCounts>> {
  const out = new Map<string, PostCounts>();
  for (let i = 0; i < postIds.length; i += 4) {
    const chunk = postIds.slice(i, i + 4);
    const counts = await Promise.all(chunk.map(read));
    chunk.forEach((id, index) => {
      const value = counts[index];
      if (value) out.set(id, value);
    });
  }
  return out;
}

/**
 * X API v2 public metrics (platform-apis.md 1.5): `GET /2/users/me` with `public_metrics` and
 * `GET /2/tweets?ids=` (up to 100 ids) with `tweet.fields=public_metrics`.
 */
const x: MetricReader = {
  async followers(ctx) {
    const { body } = await ctx.http.json<{ data?: { public_metrics?: { followers_count?: number } } }>(
      `${X_API}/users/me?user.fields=public_metrics`,
      { headers: auth(ctx), mapError },
    );
    return body.data?.public_metrics?.followers_count ?? null;
  },
  async posts(ctx, postIds) {
    const out = new Map<string, PostCounts>();
    for (let i = 0; i < postIds.length; i += 100) {
      const ids = postIds.slice(i, i + 100).join(',');
      const { body } = await ctx.http.json<{
        data?: Array<{ id: string; public_metrics?: Record<string, number> }>;
      }>(`${X_API}/tweets?ids=${ids}&tweet.fields=public_metrics`, { headers: auth(ctx), mapError });
      for (const tweet of body.data ?? []) {
        const m = tweet.public_metrics ?? {};
        out.set(tweet.id, {
          likes: num(m.like_count),
          comments: num(m.reply_count),
          shares: num(m.retweet_count) + num(m.quote_count),
          views: num(m.impression_count),
        });
      }
    }
    return out;
  },
};

/**
 * Facebook Page Insights. Meta removed the impressions metrics (Jun 15 2025) and `page_fans*`
 * (Nov 15 2025) in favour of `*_media_view*` and `page_follows`: see the deprecated-metrics
 * page and the 2025-08-15 "Page Insights API updates" note cited in platform-apis.md 2.3.
 * Comments and shares are fields of the post, not insights.
 */
const facebook: MetricReader = {
  async followers(ctx) {
    const rows = await insights(
      ctx,
      `${FACEBOOK_GRAPH}/${ctx.accountId}/insights?metric=page_follows&period=day`,
    );
    const row = rows.get('page_follows');
    return row ? insightValue(row) : null;
  },
  posts(ctx, postIds) {
    return eachPost(postIds, async (id) => {
      const rows = await insights(
        ctx,
        `${FACEBOOK_GRAPH}/${id}/insights?metric=post_reactions_by_type_total,post_media_view`,
      );
      const fields = await graphJson<{
        shares?: { count?: number };
        comments?: { summary?: { total_count?: number } };
      }>(ctx, `${FACEBOOK_GRAPH}/${id}?fields=shares,comments.summary(true).limit(0)`, {
        headers: auth(ctx),
        mapError,
      });
      return {
        likes: insightValue(rows.get('post_reactions_by_type_total')),
        comments: num(fields.comments?.summary?.total_count),
        shares: num(fields.shares?.count),
        views: insightValue(rows.get('post_media_view')),
      };
    });
  },
};

/** Instagram (Instagram Login): `followers_count` on the user, media insights with `views` (not `impressions`). */
const instagram: MetricReader = {
  async followers(ctx) {
    const body = await graphJson<{ followers_count?: number }>(
      ctx,
      `${INSTAGRAM_GRAPH}/${ctx.accountId}?fields=followers_count`,
      { headers: auth(ctx), mapError },
    );
    return typeof body.followers_count === 'number' ? body.followers_count : null;
  },
  posts(ctx, postIds) {
    return eachPost(postIds, async (id) => {
      const rows = await insights(
        ctx,
        `${INSTAGRAM_GRAPH}/${id}/insights?metric=views,likes,comments,shares`,
      );
      return {
        likes: insightValue(rows.get('likes')),
        comments: insightValue(rows.get('comments')),
        shares: insightValue(rows.get('shares')),
        views: insightValue(rows.get('views')),
      };
    });
  },
};

/** Threads: `threads_insights` for followers, media insights (replies as comments, reposts and quotes as shares). */
const threads: MetricReader = {
  async followers(ctx) {
    const rows = await insights(
      ctx,
      `${THREADS_GRAPH}/${ctx.accountId}/threads_insights?metric=followers_count`,
    );
    const row = rows.get('followers_count');
    return row ? insightValue(row) : null;
  },
  posts(ctx, postIds) {
    return eachPost(postIds, async (id) => {
      const rows = await insights(
        ctx,
        `${THREADS_GRAPH}/${id}/insights?metric=views,likes,replies,reposts,quotes`,
      );
      return {
        likes: insightValue(rows.get('likes')),
        comments: insightValue(rows.get('replies')),
        shares: insightValue(rows.get('reposts')) + insightValue(rows.get('quotes')),
        views: insightValue(rows.get('views')),
      };
    });
  },
};

/**
 * LinkedIn: `GET /rest/socialActions/{post urn}` (likes and comments), which for a member's posts
 * needs the restricted r_member_social permission: only accounts granted it are read (see
 * readable-accounts.ts). A member's follower count and post impressions need further restricted
 * permissions, so they are not read.
 */
const linkedin: MetricReader = {
  async followers() {
    return null;
  },
  posts(ctx, postIds) {
    return eachPost(postIds, async (urn) => {
      const { body } = await ctx.http.json<{
        likesSummary?: { totalLikes?: number };
        commentsSummary?: { aggregatedTotalComments?: number };
      }>(`${LINKEDIN_API}/socialActions/${encodeURIComponent(urn)}`, {
        headers: { ...auth(ctx), 'linkedin-version': LINKEDIN_VERSION, 'x-restli-protocol-version': '2.0.0' },
        mapError,
      });
      return {
        likes: num(body.likesSummary?.totalLikes),
        comments: num(body.commentsSummary?.aggregatedTotalComments),
        shares: 0,
        views: 0,
      };
    });
  },
};

export const METRIC_READERS: Record<AnalyticsPlatform, MetricReader> = {
  twitter: x,
  facebook,
  instagram,
  threads,
  linkedin,
};
