import { useQueries } from '@tanstack/react-query';
import type { AccountDto } from '../../../../shared/accounts/account';
import { accountLabel } from '../../../../shared/accounts/account-label';
import { getPlatform } from '../../../../shared/platforms/registry';
import type { PostDto } from '../../../../shared/posts/api';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { formatDateTime } from '../../../../shared/time/format';
import { ExternalLinkIcon } from '../../../components/icons';
import { PlatformIcon } from '../../../components/platform-icon';
import { getPostQueryOptions } from '../api/get-post';

/** While a post has no outcome yet (sending, or waiting for a retry), it is read again this often. */
const OUTCOME_POLL_MS = 2000;

/** Not in the spec: a post the platform refused without saying why. */
const FAILED_WITHOUT_REASON = 'The platform refused the post.';

function isSettled(post: PostDto): boolean {
  return post.status === 'posted' || post.status === 'failed';
}

/**
 * After Post Now: what happened to each account's post, one row each: "Posted" with a link to
 * the post, or "Failed" with the platform's reason. A post the engine is still sending (or will
 * retry) is read again until it has its outcome. One network failing leaves the others alone.
 */
export function PublishResults({
  posts,
  accounts,
  timezone,
  timeFormat,
}: {
  posts: readonly PostDto[];
  accounts: readonly AccountDto[];
  timezone: string;
  timeFormat: TimeFormat;
}) {
  const pending = posts.filter((post) => !isSettled(post));
  const reads = useQueries({
    queries: pending.map((post) => ({
      ...getPostQueryOptions(post.id),
      refetchInterval: (query: { state: { data?: PostDto } }) =>
        query.state.data && isSettled(query.state.data) ? false : OUTCOME_POLL_MS,
    })),
  });
  const latest = new Map(reads.flatMap((read) => (read.data ? [[read.data.id, read.data]] : [])));
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const shown = posts.map((post) => latest.get(post.id) ?? post);
  const failed = shown.filter((post) => post.status === 'failed').length;
  const posted = shown.filter((post) => post.status === 'posted').length;

  return (
    <section aria-label="What happened" className="space-y-3">
      <p role="status" className="text-gray-700 text-sm">
        {posted} of {shown.length} posted{failed > 0 ? `, ${failed} failed` : ''}.
      </p>
      <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200">
        {shown.map((post) => {
          const account = post.socialAccountId ? byId.get(post.socialAccountId) : undefined;
          const name = account
            ? accountLabel(account)
            : post.account
              ? accountLabel(post.account)
              : getPlatform(post.platform).displayName;
          return (
            <li key={post.id} aria-label={name} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <PlatformIcon platform={post.platform} className="h-6 w-6" />
              <span className="min-w-[10rem] flex-1 truncate font-medium text-gray-900 text-sm">{name}</span>
              <Outcome post={post} timezone={timezone} timeFormat={timeFormat} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Outcome({
  post,
  timezone,
  timeFormat,
}: {
  post: PostDto;
  timezone: string;
  timeFormat: TimeFormat;
}) {
  if (post.status === 'posted') {
    return (
      <span className="flex items-center gap-3 text-sm">
        <span className="rounded-full bg-green-100 px-2 py-0.5 font-medium text-green-800">Posted</span>
        {post.platformPostUrl ? (
          <a
            href={post.platformPostUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
          >
            View post
            <ExternalLinkIcon className="h-3.5 w-3.5" />
          </a>
        ) : null}
      </span>
    );
  }
  if (post.status === 'failed') {
    return (
      <span className="basis-full pl-9 text-red-700 text-sm">
        <span className="rounded-full bg-red-100 px-2 py-0.5 font-medium">Failed</span>{' '}
        {post.errorMessage || FAILED_WITHOUT_REASON}
      </span>
    );
  }
  const retryAt =
    post.status === 'scheduled' && post.scheduledAt && Date.parse(post.scheduledAt) > Date.now()
      ? formatDateTime(post.scheduledAt, timezone, timeFormat)
      : null;
  return (
    <span className="text-gray-600 text-sm">
      {retryAt ? `Not sent yet: tried again at ${retryAt}` : 'Sending...'}
      {post.errorMessage ? ` (${post.errorMessage})` : ''}
    </span>
  );
}
