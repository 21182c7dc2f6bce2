import { getPlatform } from '../../../shared/platforms/registry';
import { POST_MESSAGES } from '../../../shared/posts/constants';
import { groupOutcome, isReadOnlyVersion, postedToMessage } from '../../../shared/posts/group-outcome';
import type { PostGroupDto } from '../../../shared/posts/post-groups';
import { canMovePost } from '../../../shared/posts/post-timing';
import type { TimeFormat } from '../../../shared/settings/preferences';
import { formatDateTime } from '../../../shared/time/format';
import { Button } from '../../components/button';
import { LoadingCard } from '../../components/loading-card';
import { Modal } from '../../components/modal';
import { openComposer } from '../composer/create-post-host';
import { MediaThumb } from '../media/media-thumb';
import { AccountStatusList, PlatformIcons } from '../post-groups/account-status-list';
import { useGetPostGroup } from '../post-groups/api/get-post-group';
import { accountStatusOf } from '../post-groups/group-accounts';
import { MoveForm } from './move-form';

/** The time every unsent version still shares, if they do (what the Move form starts from). */
function movableTime(group: PostGroupDto, now: number): string | null {
  const movable = group.posts.filter((post) =>
    canMovePost({ status: post.status, at: post.scheduledAt ? Date.parse(post.scheduledAt) : null }, now),
  );
  return movable[0]?.scheduledAt ?? null;
}

/**
 * A post group's details (issue 23): the shared text, and each account with its status, its link
 * once posted and its reason once failed. Edit opens the group in the composer; Fix and retry
 * opens it at the failed account; the Move form moves every version not yet sent (sent ones are
 * read-only and stay).
 */
export function GroupDetailsDialog({
  groupId,
  onClose,
  timezone,
  timeFormat,
  onMove,
}: {
  groupId: string | null;
  onClose: () => void;
  timezone: string;
  timeFormat: TimeFormat;
  /** Without it the dialog offers no date-and-time move (opened from a notification, say). */
  onMove?: (group: PostGroupDto, scheduledAt: string) => void;
}) {
  const query = useGetPostGroup(groupId);
  const group = query.data;
  const statuses = group?.posts.map((post) => (post.isDraft ? 'draft' : post.status)) ?? [];
  const outcome = groupOutcome(statuses);
  const first = group?.posts[0];
  const text = group?.shared.content || (first ? (first.tweets?.[0]?.content ?? first.content) : '');
  const media = group?.posts.find((post) => !post.customized)?.media ?? first?.media ?? [];
  const when = first ? (first.postedAt ?? first.scheduledAt) : null;
  const editable = group?.posts.some((post) => !isReadOnlyVersion(post.status)) ?? false;
  const moveFrom = group ? movableTime(group, Date.now()) : null;

  return (
    <Modal open={groupId !== null} onClose={onClose} title="Post details" size="lg">
      {query.isPending ? (
        <LoadingCard message="Loading post..." />
      ) : query.isError || !group ? (
        <p role="alert" className="text-red-600 text-sm">
          {POST_MESSAGES.failedToLoadPostDetails}
        </p>
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <PlatformIcons platforms={group.posts.map((post) => post.platform)} />
            <span className="font-medium text-gray-800">
              {outcome.posted + outcome.failed > 0
                ? postedToMessage(outcome)
                : `${group.posts.length} accounts`}
            </span>
            {when ? (
              <span className="text-gray-500">· {formatDateTime(when, timezone, timeFormat)}</span>
            ) : null}
          </div>
          {text || media.length > 0 ? (
            <div className="rounded-lg border border-gray-200 p-4">
              {text ? <p className="whitespace-pre-wrap break-words text-gray-800 text-sm">{text}</p> : null}
              {media.length > 0 ? (
                <ul aria-label="Media" className="mt-3 flex flex-wrap gap-2">
                  {media.slice(0, 4).map((item) => (
                    <li key={item.id} className="h-20 w-20 overflow-hidden rounded-lg border border-gray-200">
                      <MediaThumb
                        url={item.url}
                        kind={item.kind}
                        name={item.originalName || item.fileName}
                        className="h-full w-full"
                      />
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          <AccountStatusList
            accounts={group.posts.map(accountStatusOf)}
            actions={(account) =>
              account.status === 'failed' && account.accountId ? (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Fix and retry on ${getPlatform(account.platform).displayName} (${account.accountName})`}
                  onClick={() => {
                    onClose();
                    openComposer({ groupId: group.id, accountId: account.accountId ?? undefined });
                  }}
                >
                  Fix and retry
                </Button>
              ) : null
            }
          />
          {editable ? (
            <div className="flex flex-wrap items-center gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  onClose();
                  openComposer({ groupId: group.id });
                }}
              >
                Edit Post
              </Button>
            </div>
          ) : null}
          {moveFrom && onMove ? (
            <MoveForm
              scheduledAt={moveFrom}
              timezone={timezone}
              onMove={(iso) => {
                onMove(group, iso);
                onClose();
              }}
            />
          ) : null}
        </div>
      )}
    </Modal>
  );
}
