import { z } from 'zod';
import type { PostDto } from './api.js';
import { GroupPostSchema, type PostGroupDto } from './post-groups.js';

/**
 * GET /api/posts answers entries (issue 23): a lone post is an entry of its own, and a post group
 * (one text composed for several accounts) is ONE entry that carries every account's post, so a
 * group is never split across pages. Filters pick posts; an entry is listed when any of its posts
 * matches (its other posts come with it, so each account's status shows), and `total` counts
 * entries. `posts` stays the flat list of the page's posts, as before groups existed: for lone
 * posts it is exactly what it was.
 */

/** A group without its posts (they are the entry's `posts`) and without its shared media's files. */
export type PostGroupSummaryDto = Omit<PostGroupDto, 'posts' | 'shared'> & {
  shared: Omit<PostGroupDto['shared'], 'files'>;
};

export interface PostListEntryDto {
  /** null for a lone post. */
  group: PostGroupSummaryDto | null;
  /** A lone post, or every post of the group (one per account, in the platforms' order). */
  posts: PostDto[];
}

export interface ListPostsResult {
  entries: PostListEntryDto[];
  /** Every post of the page's entries, in entry order. */
  posts: PostDto[];
  /** How many entries match (a group counts once). */
  total: number;
  page: number;
  /** Entries per page. */
  pageSize: number;
}

const GroupSummarySchema = z.object({
  id: z.string(),
  shared: z.object({ content: z.string(), media: z.array(z.string()), link: z.string().nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const ListPostsResultSchema = z.object({
  entries: z
    .array(
      z.object({
        group: GroupSummarySchema.nullable().describe('The post group; null for a lone post.'),
        posts: z.array(GroupPostSchema).describe("A lone post, or each account's post of the group."),
      }),
    )
    .describe('One entry per lone post or per post group; a group is never split across pages.'),
  posts: z.array(GroupPostSchema).describe("Every post of the page's entries (as before groups)."),
  total: z.number().int().describe('Matching entries (a group counts once).'),
  page: z.number().int(),
  pageSize: z.number().int().describe('Entries per page.'),
});
