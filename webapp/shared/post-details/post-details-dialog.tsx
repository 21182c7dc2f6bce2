import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { getPlatform } from '../../../shared/platforms/registry';
import type { PostDto } from '../../../shared/posts/api';
import { POST_MESSAGES } from '../../../shared/posts/constants';
import { canMovePost } from '../../../shared/posts/post-timing';
import type { TimeFormat } from '../../../shared/settings/preferences';
import { formatDateTime } from '../../../shared/time/format';
import { Button } from '../../components/button';
import { LoadingCard } from '../../components/loading-card';
import { Modal } from '../../components/modal';
import { useAccounts } from '../accounts/list-accounts';
import { useGetPost } from '../composer/api/get-post';
import { stateFromPost } from '../composer/composer-state';
import { openComposer } from '../composer/create-post-host';
import { PostPreview } from '../composer/post-preview';
import { getPostUrl } from './get-post-url';
import { MoveForm } from './move-form';

/** Spec 02 section 4: green for posted, red for failed, blue otherwise. */
function DetailsBadge({ status }: { status: string }) {
  const tone =
    status === 'posted'
      ? 'bg-green-100 text-green-800'
      : status === 'failed'
        ? 'bg-red-100 text-red-800'
        : 'bg-blue-100 text-blue-800';
  return <span className={`rounded-full px-2 py-0.5 font-medium text-xs capitalize ${tone}`}>{status}</span>;
}

/**
 * A calendar post's details: its per-platform preview, status and time, 'View on {Platform}'
 * for a posted one, and for a scheduled one Edit and a date-and-time move (the keyboard's way to
 * do what dragging does). `extra` is where other features add rows (per-post metrics).
 */
export function PostDetailsDialog({
  postId,
  onClose,
  timezone,
  timeFormat,
  onMove,
  extra,
}: {
  postId: string | null;
  onClose: () => void;
  timezone: string;
  timeFormat: TimeFormat;
  /** Without it the dialog offers no date-and-time move (opened from a notification, say). */
  onMove?: (post: PostDto, scheduledAt: string) => void;
  extra?: (post: PostDto) => ReactNode;
}) {
  const query = useGetPost(postId);
  const accounts = useAccounts().data ?? [];
  const post = query.data;
  const account = accounts.find((a) => a.id === post?.socialAccountId) ?? null;
  const platformName = post ? getPlatform(post.platform).displayName : '';
  const when = post
    ? post.status === 'posted'
      ? (post.postedAt ?? post.scheduledAt)
      : post.scheduledAt
    : null;
  const movable = post
    ? canMovePost(
        { status: post.status, at: post.scheduledAt ? Date.parse(post.scheduledAt) : null },
        Date.now(),
      )
    : false;

  return (
    <Modal open={postId !== null} onClose={onClose} title="Post details" size="lg">
      {query.isPending ? (
        <LoadingCard message="Loading post..." />
      ) : query.isError || !post ? (
        <p role="alert" className="text-red-600 text-sm">
          {POST_MESSAGES.failedToLoadPostDetails}
        </p>
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <DetailsBadge status={post.status} />
            <span className="text-gray-700">{platformName}</span>
            {when ? (
              <span className="text-gray-500">· {formatDateTime(when, timezone, timeFormat)}</span>
            ) : null}
          </div>
          <div className="rounded-lg border border-gray-200 p-4">
            <PostPreview state={stateFromPost(post)} account={account} />
          </div>
          {post.status === 'failed' && post.errorMessage ? (
            <p className="rounded-lg bg-red-50 px-3 py-2 text-red-700 text-sm">{post.errorMessage}</p>
          ) : null}
          {extra?.(post)}
          <div className="flex flex-wrap items-center gap-2">
            {post.status === 'posted' ? <ViewOnPlatform post={post} platformName={platformName} /> : null}
            {post.status === 'scheduled' || post.status === 'failed' ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  onClose();
                  // One account's post of a group is edited with its group, at its account.
                  openComposer(
                    post.groupId
                      ? { groupId: post.groupId, accountId: post.socialAccountId ?? undefined }
                      : { postId: post.id, compact: post.status === 'failed' },
                  );
                }}
              >
                {post.status === 'failed' ? 'Fix and retry' : 'Edit Post'}
              </Button>
            ) : null}
          </div>
          {movable && onMove && post.scheduledAt ? (
            <MoveForm
              scheduledAt={post.scheduledAt}
              timezone={timezone}
              onMove={(iso) => {
                onMove(post, iso);
                onClose();
              }}
            />
          ) : null}
        </div>
      )}
    </Modal>
  );
}

function ViewOnPlatform({ post, platformName }: { post: PostDto; platformName: string }) {
  const label = `View on ${platformName}`;
  if (post.platformPostUrl) {
    return (
      <a
        href={post.platformPostUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex h-8 items-center rounded-lg bg-brand-600 px-3 font-medium text-sm text-white hover:bg-brand-700"
      >
        {label}
      </a>
    );
  }
  return (
    <Button
      size="sm"
      onClick={async () => {
        const answer = await getPostUrl(post.id).catch(() => null);
        if (answer && 'url' in answer) window.open(answer.url, '_blank', 'noopener');
        else toast.error(answer && 'error' in answer ? answer.error : 'No post URL found');
      }}
    >
      {label}
    </Button>
  );
}
