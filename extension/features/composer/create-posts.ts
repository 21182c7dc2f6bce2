import type { AccountDto } from '../../../shared/accounts/account';
import { ApiError } from '../../../shared/http/api-error';
import { getPlatform } from '../../../shared/platforms/registry';
import type { PostDto, PostRequestAction } from '../../../shared/posts/api';
import { apiRequest } from '../../lib/api-client';

/** What the popup asks for; ADD_TO_NEXT_FREE_TIME: each account's next free posting time (the server picks). */
export type ComposerAction = PostRequestAction;

export interface PostResult {
  account: AccountDto;
  post: PostDto | null;
  error: string | null;
}

/** While a sent post has no outcome yet, the popup asks the server this often. */
const OUTCOME_POLL_MS = 2000;

/** Not in the spec: a post the platform refused without saying why. */
const FAILED_WITHOUT_REASON = 'The platform refused the post.';

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}

/**
 * One post per chosen account (each platform has its own rules: the server's message is kept
 * per account); `onProgress` sees every step ("Sending..." first). Post Now is one request per
 * account, side by side: the server publishes the post and answers after its attempt; a post the
 * engine will retry (or another worker is sending) is followed until the server has the outcome.
 */
export async function createPosts(input: {
  accounts: AccountDto[];
  content: string;
  mediaIds: string[];
  action: ComposerAction;
  scheduledAt: string | null;
  onProgress?: (results: PostResult[]) => void;
  signal?: AbortSignal;
  pollMs?: number;
}): Promise<PostResult[]> {
  const create = (account: AccountDto) =>
    apiRequest<{ post: PostDto }>('/api/posts', {
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
    const results: PostResult[] = input.accounts.map((account) => ({ account, post: null, error: null }));
    const report = () => input.onProgress?.([...results]);
    report();
    await Promise.all(
      input.accounts.map(async (account, index) => {
        try {
          const { post } = await create(account);
          results[index] = { account, post, error: null };
          report();
          if (isSettled(post)) return;
          const settled = await follow(post, input.signal, input.pollMs ?? OUTCOME_POLL_MS);
          results[index] = { account, post: settled, error: null };
        } catch (error) {
          if (input.signal?.aborted) return;
          results[index] = { account, post: results[index]?.post ?? null, error: messageOf(error) };
        }
        report();
      }),
    );
    return results;
  }
  const results: PostResult[] = [];
  for (const account of input.accounts) {
    try {
      const { post } = await create(account);
      results.push({ account, post, error: null });
    } catch (error) {
      results.push({ account, post: null, error: messageOf(error) });
      // Signed out: the other accounts would fail the same way.
      if (error instanceof ApiError && error.status === 401) break;
    } finally {
      input.onProgress?.([...results]);
    }
  }
  return results;
}

/** Posted or failed: the server has the outcome. */
function isSettled(post: PostDto): boolean {
  return post.status === 'posted' || post.status === 'failed';
}

/** Reads a post the engine is still sending (or will retry) again until it is posted or failed. */
async function follow(first: PostDto, signal: AbortSignal | undefined, pollMs: number): Promise<PostDto> {
  let post = first;
  while (!isSettled(post) && !signal?.aborted) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pollMs);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (signal?.aborted) break;
    ({ post } = await apiRequest<{ post: PostDto }>(`/api/posts/${post.id}`));
  }
  return post;
}

type ResultView =
  | { tone: 'pending'; text: string }
  | { tone: 'success'; text: string; url?: string | null }
  | { tone: 'error'; text: string };

/** What the popup says for one account: "Sending..." until the server has the outcome. */
export function describeResult(action: ComposerAction, result: PostResult, done: string): ResultView {
  if (result.error) return { tone: 'error', text: result.error };
  if (!result.post) return { tone: 'pending', text: 'Sending...' };
  if (action !== 'publish') return { tone: 'success', text: done };
  if (result.post.status === 'posted')
    return { tone: 'success', text: 'Posted', url: result.post.platformPostUrl };
  if (result.post.status === 'failed') {
    return { tone: 'error', text: `Failed: ${result.post.errorMessage || FAILED_WITHOUT_REASON}` };
  }
  return { tone: 'pending', text: 'Sending...' };
}

/** Where the web app shows a created post. */
export function webAppPathFor(action: ComposerAction): string {
  return action === 'publish' ? '/sent' : '/dashboard';
}
