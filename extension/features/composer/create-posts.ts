import type { AccountDto } from '../../../shared/accounts/account';
import { getPlatform } from '../../../shared/platforms/registry';
import type { PostDto } from '../../../shared/posts/api';
import { ApiError, apiRequest } from '../api/api-client';

/** 'queue': Add to queue, the account's next free posting time (chosen by the server). */
export type ComposerAction = 'publish' | 'schedule' | 'draft' | 'queue';

export interface PostResult {
  account: AccountDto;
  post: PostDto | null;
  error: string | null;
}

/**
 * One post per chosen account (each platform has its own rules: the server's message is kept
 * per account). Post now creates the post with action 'publish' and then publishes it.
 */
export async function createPosts(input: {
  accounts: AccountDto[];
  content: string;
  mediaIds: string[];
  action: ComposerAction;
  scheduledAt: string | null;
}): Promise<PostResult[]> {
  const results: PostResult[] = [];
  for (const account of input.accounts) {
    try {
      const { post } = await apiRequest<{ post: PostDto }>('/api/posts', {
        body: {
          socialAccountId: account.id,
          postType: getPlatform(account.platform).defaultPostType,
          content: input.content,
          media: input.mediaIds,
          action: input.action,
          ...(input.action === 'schedule' && input.scheduledAt ? { scheduledAt: input.scheduledAt } : {}),
        },
      });
      if (input.action === 'publish') {
        const published = await apiRequest<{ post: PostDto }>(`/api/posts/${post.id}/publish`, {
          method: 'POST',
        });
        results.push({ account, post: published.post, error: null });
      } else {
        results.push({ account, post, error: null });
      }
    } catch (error) {
      results.push({ account, post: null, error: error instanceof ApiError ? error.message : String(error) });
      // Signed out: the other accounts would fail the same way.
      if (error instanceof ApiError && error.status === 401) break;
    }
  }
  return results;
}

/** Where the web app shows a created post. */
export function webAppPathFor(action: ComposerAction): string {
  return action === 'publish' ? '/sent' : '/dashboard';
}
