import type { AccountDto } from '../../../shared/accounts/account';
import { ApiError } from '../../../shared/http/api-error';
import { getPlatform } from '../../../shared/platforms/registry';
import type { PostDto, PostRequestAction } from '../../../shared/posts/api';
import type { PostGroupResult, VersionProblemDto } from '../../../shared/posts/post-groups';
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

/** Not in the spec: an account whose post was fine while another account's needed a fix. */
export const NOT_SENT_WITH_OTHERS = 'Not sent: the post to another account needs a fix first.';

/**
 * One post per chosen account. Several accounts: ONE `POST /api/post-groups` (one shared text,
 * each account's own post, all saved or none); one account: `POST /api/posts`. `onProgress`
 * sees every step ("Sending..." first). With Post Now the server publishes every post and
 * answers after the attempts, each account with its own outcome; a post the engine will retry is
 * followed until the server has its outcome. A refusal names each account's own problem.
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
  const results: PostResult[] = input.accounts.map((account) => ({ account, post: null, error: null }));
  const report = () => input.onProgress?.([...results]);
  if (input.action === 'publish') report();
  const scheduledAt =
    input.action === 'schedule' && input.scheduledAt ? { scheduledAt: input.scheduledAt } : {};
  let posts: (PostDto | undefined)[];
  try {
    if (input.accounts.length === 1) {
      const { post } = await apiRequest<{ post: PostDto }>('/api/posts', {
        body: {
          socialAccountId: input.accounts[0]!.id,
          postType: getPlatform(input.accounts[0]!.platform).defaultPostType,
          content: input.content,
          media: input.mediaIds,
          action: input.action,
          ...scheduledAt,
        },
      });
      posts = [post];
    } else {
      const { group } = await apiRequest<PostGroupResult>('/api/post-groups', {
        body: {
          accountIds: input.accounts.map((account) => account.id),
          shared: { content: input.content, media: input.mediaIds },
          action: input.action,
          ...scheduledAt,
        },
      });
      posts = input.accounts.map((account) =>
        group.posts.find((post) => post.socialAccountId === account.id),
      );
    }
  } catch (error) {
    const problems = error instanceof ApiError ? problemsOf(error) : [];
    input.accounts.forEach((account, index) => {
      const own = problems.find((problem) => problem.accountId === account.id);
      const message = problems.length > 0 ? (own?.message ?? NOT_SENT_WITH_OTHERS) : messageOf(error);
      results[index] = { account, post: null, error: message };
    });
    report();
    return results;
  }
  input.accounts.forEach((account, index) => {
    const post = posts[index];
    results[index] = post
      ? { account, post, error: null }
      : { account, post: null, error: FAILED_WITHOUT_REASON };
  });
  report();
  if (input.action !== 'publish') return results;
  await Promise.all(
    results.map(async (result, index) => {
      if (!result.post || isSettled(result.post)) return;
      try {
        const settled = await follow(result.post, input.signal, input.pollMs ?? OUTCOME_POLL_MS);
        results[index] = { ...result, post: settled };
      } catch (error) {
        if (input.signal?.aborted) return;
        results[index] = { ...result, error: messageOf(error) };
      }
      report();
    }),
  );
  return results;
}

/** A refused group's problems per account (`details.problems`), if the server sent them. */
function problemsOf(error: ApiError): VersionProblemDto[] {
  const problems = error.details?.problems;
  return Array.isArray(problems) ? (problems as VersionProblemDto[]) : [];
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
