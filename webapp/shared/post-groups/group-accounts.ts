import { getPlatform } from '../../../shared/platforms/registry';
import type { CalendarPostDto, PostDto } from '../../../shared/posts/api';
import type { GroupAccountStatus } from '../../../shared/posts/group-outcome';

/** A group's post as one account's row: its status, its address once posted, its reason once failed. */
export function accountStatusOf(post: PostDto): GroupAccountStatus {
  return {
    postId: post.id,
    accountId: post.socialAccountId,
    platform: post.platform,
    accountName: post.account?.accountName ?? getPlatform(post.platform).displayName,
    status: post.isDraft ? 'draft' : post.status,
    url: post.status === 'posted' ? post.platformPostUrl : null,
    error: post.status === 'failed' ? post.errorMessage : null,
  };
}

/** The same from a calendar cell's post; the account's name comes from the user's accounts. */
export function accountStatusOfCalendarPost(
  post: CalendarPostDto,
  accountNames: ReadonlyMap<string, string>,
): GroupAccountStatus {
  return {
    postId: post.id,
    accountId: post.socialAccountId ?? null,
    platform: post.platform,
    accountName:
      (post.socialAccountId && accountNames.get(post.socialAccountId)) ||
      getPlatform(post.platform).displayName,
    status: post.status,
    url: post.status === 'posted' ? (post.platformPostUrl ?? null) : null,
    error: post.status === 'failed' ? (post.errorMessage ?? null) : null,
  };
}
