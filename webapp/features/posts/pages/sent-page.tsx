import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../../shared/http/api-error';
import type { PostDto } from '../../../../shared/posts/api';
import {
  errorLoadingPostsMessage,
  POST_MESSAGES,
  SENT_DATE_FILTERS,
} from '../../../../shared/posts/constants';
import type { PostListEntryDto } from '../../../../shared/posts/post-list';
import { formatDayHeading } from '../../../../shared/time/format';
import { utcToZonedTime } from '../../../../shared/time/zoned-time';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ExternalLinkIcon, SendIcon } from '../../../components/icons';
import { LoadingCard } from '../../../components/loading-card';
import { PageHeader } from '../../../components/page-header';
import { openComposer } from '../../../shared/composer/create-post-host';
import { getPostUrl } from '../../../shared/post-details/get-post-url';
import { usePreferences } from '../../../shared/preferences/preferences';
import { useListPosts } from '../api/list-posts';
import { entryTime, GroupCard } from '../components/list/group-card';
import { Pagination } from '../components/list/pagination';
import { PostCard } from '../components/list/post-card';
import { type FilterValues, PostFilters } from '../components/list/post-filters';

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'posted', label: 'Posted' },
  { value: 'failed', label: 'Failed' },
] as const;

/** `/sent`: posted and failed posts grouped by day, 'View Post', and a compact composer to retry a failure. */
export function SentPage() {
  const [filters, setFilters] = useState<FilterValues>({
    search: '',
    platform: '',
    accountId: '',
    status: '',
    range: 'all',
    sort: 'newest',
  });
  const [page, setPage] = useState(1);
  const list = useListPosts({ view: 'sent', ...filters, page });
  const { timezone } = usePreferences();
  const [openingId, setOpeningId] = useState<string | null>(null);

  const onFilters = useCallback((next: FilterValues) => {
    setFilters(next);
    setPage(1);
  }, []);

  async function viewPost(post: PostDto) {
    setOpeningId(post.id);
    // Open the tab now (inside the click) so pop-up blockers allow it; point it at the address once known.
    const tab = window.open('', '_blank');
    try {
      const answer = await getPostUrl(post.id);
      if ('url' in answer && answer.url) {
        if (tab) {
          tab.opener = null;
          tab.location.href = answer.url;
        } else window.open(answer.url, '_blank', 'noopener');
      } else {
        tab?.close();
        toast.error('error' in answer ? answer.error : POST_MESSAGES.noPostUrl);
      }
    } catch (error) {
      tab?.close();
      toast.error(
        error instanceof ApiError && error.message ? error.message : POST_MESSAGES.failedToFetchPostUrl,
      );
    } finally {
      setOpeningId(null);
    }
  }

  const data = list.data;
  // Entries under the day they went out (a group: its earliest account's time).
  const days: { key: string; heading: string; entries: PostListEntryDto[] }[] = [];
  for (const entry of data?.entries ?? []) {
    const when = entryTime(entry.posts, 'sent') ?? entry.posts[0]?.createdAt;
    if (!when) continue;
    const key = utcToZonedTime(Date.parse(when), timezone).date;
    const last = days[days.length - 1];
    if (last && last.key === key) last.entries.push(entry);
    else days.push({ key, heading: formatDayHeading(when, timezone), entries: [entry] });
  }

  return (
    <>
      <PageHeader title="Sent Posts" description="View and manage your published posts" />
      <PostFilters
        value={filters}
        onChange={onFilters}
        statusOptions={STATUS_OPTIONS}
        ranges={SENT_DATE_FILTERS}
      />
      {list.isPending ? (
        <LoadingCard message="Loading posts..." />
      ) : list.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-700 text-sm">
          {errorLoadingPostsMessage(list.error.message)}
        </div>
      ) : days.length === 0 ? (
        <EmptyState
          icon={<SendIcon className="h-6 w-6" />}
          title={POST_MESSAGES.noSentPosts}
          description={POST_MESSAGES.noSentPostsHint}
        />
      ) : (
        <>
          {days.map((day) => (
            <section key={day.key} aria-labelledby={`day-${day.key}`} className="mb-6">
              <h2 id={`day-${day.key}`} className="mb-3 font-semibold text-gray-700 text-sm">
                {day.heading}
              </h2>
              <ul className="grid gap-4 xl:grid-cols-2">
                {day.entries.map((entry) => {
                  const { group } = entry;
                  if (group) {
                    return (
                      <li key={group.id}>
                        <GroupCard
                          entry={entry}
                          timeOf="sent"
                          accountActions={(account) =>
                            account.status === 'failed' && account.accountId ? (
                              <Button
                                size="sm"
                                variant="secondary"
                                onClick={() =>
                                  openComposer({
                                    groupId: group.id,
                                    accountId: account.accountId ?? undefined,
                                  })
                                }
                              >
                                Fix and retry
                              </Button>
                            ) : null
                          }
                        />
                      </li>
                    );
                  }
                  const post = entry.posts[0];
                  return post ? (
                    <li key={post.id}>
                      <PostCard
                        post={post}
                        timeOf="sent"
                        actions={
                          post.status === 'failed' ? (
                            <Button
                              size="sm"
                              onClick={() => openComposer({ postId: post.id, compact: true })}
                            >
                              Fix and retry
                            </Button>
                          ) : (
                            <Button
                              size="sm"
                              variant="secondary"
                              icon={<ExternalLinkIcon className="h-4 w-4" />}
                              loading={openingId === post.id}
                              onClick={() => viewPost(post)}
                            >
                              View Post
                            </Button>
                          )
                        }
                      />
                    </li>
                  ) : null;
                })}
              </ul>
            </section>
          ))}
          {data ? (
            <Pagination page={data.page} total={data.total} pageSize={data.pageSize} onPage={setPage} />
          ) : null}
        </>
      )}
    </>
  );
}
