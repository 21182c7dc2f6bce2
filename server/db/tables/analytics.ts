/** Tables of stored platform numbers (analytics); the Database interface in ../schema.ts lists every table. */

/** Latest engagement of a published post (written by analytics only). */
export interface PostMetricsTable {
  postId: string;
  userId: string;
  socialAccountId: string | null;
  platform: string;
  /** The post's posted_at, copied for weekday x hour queries. */
  postedAt: number;
  likes: number;
  comments: number;
  shares: number;
  views: number;
  /** Interactions as the platform counts them (likes + comments + shares + saves...). */
  engagement: number;
  readAt: number;
  /** When the collector reads this post again; null = no more reads. */
  nextReadAt: number | null;
}

/** Account-level numbers per UTC day, written by the analytics collector. */
export interface AccountMetricsDailyTable {
  socialAccountId: string;
  userId: string;
  platform: string;
  /** 'YYYY-MM-DD' (UTC) */
  day: string;
  followers: number | null;
  readAt: number;
}
