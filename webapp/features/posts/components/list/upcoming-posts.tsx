import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../../../shared/http/api-error';
import type { PostDto } from '../../../../../shared/posts/api';
import { deletedPostMessage } from '../../../../../shared/posts/api';
import {
  errorLoadingPostsMessage,
  POST_MESSAGES,
  UPCOMING_DATE_FILTERS,
} from '../../../../../shared/posts/constants';
import { groupOutcome, postedToMessage } from '../../../../../shared/posts/group-outcome';
import type { PostListEntryDto } from '../../../../../shared/posts/post-list';
import { Button } from '../../../../components/button';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { EmptyState } from '../../../../components/empty-state';
import { CalendarIcon } from '../../../../components/icons';
import { LoadingCard } from '../../../../components/loading-card';
import { usePublishPost } from '../../../../shared/composer/api/publish-post';
import { openComposer } from '../../../../shared/composer/create-post-host';
import { PUBLISH_PENDING_MESSAGE } from '../../../../shared/composer/use-save-post';
import { usePublishPostGroup } from '../../../../shared/post-groups/api/update-post-group';
import { useDeletePost } from '../../api/delete-post';
import { useListPosts } from '../../api/list-posts';
import { DeleteGroupDialog } from './delete-group-dialog';
import { GroupCard } from './group-card';
import { Pagination } from './pagination';
import { isThread, PostCard } from './post-card';
import { type FilterValues, PostFilters } from './post-filters';

const STATUS_OPTIONS = [
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'draft', label: 'Drafts' },
] as const;

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** The dashboard's list: filters and the paginated upcoming posts and drafts, with Edit, Delete and Post Now. */
export function UpcomingPosts() {
  const [filters, setFilters] = useState<FilterValues>({
    search: '',
    platform: '',
    accountId: '',
    status: 'scheduled',
    range: 'all',
    sort: 'newest',
  });
  const [page, setPage] = useState(1);
  const list = useListPosts({ view: 'upcoming', ...filters, page });
  const deletePost = useDeletePost();
  const publishPost = usePublishPost();
  const publishGroup = usePublishPostGroup();
  const [toDelete, setToDelete] = useState<PostDto | null>(null);
  const [groupToDelete, setGroupToDelete] = useState<PostListEntryDto | null>(null);
  const [publishingId, setPublishingId] = useState<string | null>(null);

  const onFilters = useCallback((next: FilterValues) => {
    setFilters(next);
    setPage(1);
  }, []);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      const answer = await deletePost.mutateAsync(toDelete.id);
      toast.success(answer?.message ?? deletedPostMessage(toDelete.isDraft));
    } catch (error) {
      toast.error(messageOf(error, POST_MESSAGES.failedToDeletePost));
    } finally {
      setToDelete(null);
    }
  }

  async function postNow(post: PostDto) {
    setPublishingId(post.id);
    try {
      const published = await publishPost.mutateAsync(post.id);
      if (published.status === 'posted') toast.success(POST_MESSAGES.postPublished);
      else if (published.status === 'failed')
        toast.error(published.errorMessage || POST_MESSAGES.failedToPostNow);
      else toast.message(PUBLISH_PENDING_MESSAGE);
    } catch (error) {
      toast.error(messageOf(error, POST_MESSAGES.failedToPostNow));
    } finally {
      setPublishingId(null);
    }
  }

  /** Post Now for a group: every version not yet sent, each with its own outcome. */
  async function postGroupNow(groupId: string) {
    setPublishingId(groupId);
    try {
      const group = await publishGroup.mutateAsync(groupId);
      const outcome = groupOutcome(group.posts.map((post) => post.status));
      if (outcome.posted === outcome.total) toast.success(POST_MESSAGES.postPublished);
      else if (outcome.failed > 0) toast.error(postedToMessage(outcome));
      else toast.message(PUBLISH_PENDING_MESSAGE);
    } catch (error) {
      toast.error(messageOf(error, POST_MESSAGES.failedToPostNow));
    } finally {
      setPublishingId(null);
    }
  }

  const data = list.data;
  return (
    <>
      <PostFilters
        value={filters}
        onChange={onFilters}
        statusOptions={STATUS_OPTIONS}
        ranges={UPCOMING_DATE_FILTERS}
      />
      {list.isPending ? (
        <LoadingCard message="Loading posts..." />
      ) : list.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-700 text-sm">
          {errorLoadingPostsMessage(list.error.message)}
        </div>
      ) : data && data.entries.length > 0 ? (
        <>
          <h2 className="sr-only">Upcoming posts</h2>
          <p className="mb-3 text-gray-500 text-sm" aria-live="polite">
            {data.total} {data.total === 1 ? 'post' : 'posts'}
          </p>
          <ul className="grid gap-4 xl:grid-cols-2">
            {data.entries.map((entry) => {
              const { group } = entry;
              const post = entry.posts[0];
              if (group) {
                const isDraft = entry.posts.every((p) => p.isDraft);
                return (
                  <li key={group.id}>
                    <GroupCard
                      entry={entry}
                      actions={
                        <>
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => openComposer({ groupId: group.id })}
                          >
                            Edit Post
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            className="text-red-600 hover:bg-red-50"
                            onClick={() => setGroupToDelete(entry)}
                          >
                            Delete
                          </Button>
                          {isDraft ? null : (
                            <Button
                              size="sm"
                              loading={publishingId === group.id}
                              disabled={entry.posts.every((p) => p.status !== 'scheduled')}
                              onClick={() => postGroupNow(group.id)}
                            >
                              Post Now
                            </Button>
                          )}
                        </>
                      }
                    />
                  </li>
                );
              }
              if (!post) return null;
              return (
                <li key={post.id}>
                  <PostCard
                    post={post}
                    actions={
                      <>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => openComposer({ postId: post.id })}
                        >
                          {isThread(post) && post.platform === 'twitter' ? 'Edit Thread' : 'Edit Post'}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-red-600 hover:bg-red-50"
                          onClick={() => setToDelete(post)}
                        >
                          Delete
                        </Button>
                        {post.isDraft ? null : (
                          <Button
                            size="sm"
                            loading={publishingId === post.id}
                            disabled={post.status === 'publishing'}
                            onClick={() => postNow(post)}
                          >
                            Post Now
                          </Button>
                        )}
                      </>
                    }
                  />
                </li>
              );
            })}
          </ul>
          <Pagination page={data.page} total={data.total} pageSize={data.pageSize} onPage={setPage} />
        </>
      ) : (
        <EmptyState
          icon={<CalendarIcon className="h-6 w-6" />}
          title={filters.status === 'draft' ? 'No drafts' : 'No upcoming posts'}
          description="Posts you schedule or save as drafts will appear here."
          action={<Button onClick={() => openComposer()}>Create Post</Button>}
        />
      )}
      <ConfirmDialog
        open={Boolean(toDelete)}
        title="Delete post"
        message={`Are you sure you want to delete this ${toDelete?.isDraft ? 'draft' : 'post'}? Its media will be deleted too.`}
        busy={deletePost.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
      <DeleteGroupDialog entry={groupToDelete} onClose={() => setGroupToDelete(null)} />
    </>
  );
}
