import { GroupComposerModal } from './group/group-composer-modal';
import { SinglePostModal } from './single-post-modal';

interface CreatePostModalProps {
  open: boolean;
  onClose: () => void;
  /** Edit this stored lone post (the same row is saved). */
  postId?: string | null;
  /** Edit this post group; `accountId` picks the tab shown first. */
  groupId?: string | null;
  accountId?: string | null;
  /** Preselected schedule time (UTC ISO), e.g. from the calendar. */
  initialScheduledAt?: string | null;
  /** Sent Posts: a failed post opens a compact composer (no platform row, no preview) to fix and retry. */
  compact?: boolean;
}

/**
 * The composer's lazily loaded entry: a stored lone post (and Sent Posts' compact composer for a
 * failed one) opens in its own platform's editor; a new post, for any set of accounts, and a post
 * group open in the multi-account composer.
 */
export function CreatePostModal({
  open,
  onClose,
  postId = null,
  groupId = null,
  accountId = null,
  initialScheduledAt = null,
  compact = false,
}: CreatePostModalProps) {
  if (postId && !groupId)
    return <SinglePostModal open={open} onClose={onClose} postId={postId} compact={compact} />;
  return (
    <GroupComposerModal
      open={open}
      onClose={onClose}
      groupId={groupId}
      accountId={accountId}
      initialScheduledAt={initialScheduledAt}
    />
  );
}
