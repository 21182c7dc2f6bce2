import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../../../shared/http/api-error';
import { getPlatform } from '../../../../../shared/platforms/registry';
import { POST_MESSAGES } from '../../../../../shared/posts/constants';
import { isReadOnlyVersion } from '../../../../../shared/posts/group-outcome';
import type { PostListEntryDto } from '../../../../../shared/posts/post-list';
import { Button } from '../../../../components/button';
import { Modal } from '../../../../components/modal';
import { useDeletePostGroup } from '../../../../shared/post-groups/api/delete-post-group';
import { useDeletePost } from '../../api/delete-post';

type Choice = 'unsent' | 'account';

/**
 * Deleting a post group asks which (issue 23): "All not yet sent" (every version not published;
 * sent ones stay) or "This account only" (the one account chosen). Radios and a select, so the
 * keyboard does it all; Cancel has the focus first, as in every confirmation.
 */
export function DeleteGroupDialog({
  entry,
  onClose,
}: {
  entry: PostListEntryDto | null;
  onClose: () => void;
}) {
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleteGroup = useDeletePostGroup();
  const deletePost = useDeletePost();
  const unsent = (entry?.posts ?? []).filter((post) => !isReadOnlyVersion(post.status));
  const [choice, setChoice] = useState<Choice>('unsent');
  const [postId, setPostId] = useState('');
  const busy = deleteGroup.isPending || deletePost.isPending;
  const groupId = entry?.group?.id ?? null;

  // Each opening starts from "All not yet sent" and the first account.
  useEffect(() => {
    if (!groupId) return;
    setChoice('unsent');
    setPostId('');
  }, [groupId]);

  async function confirm() {
    if (!groupId) return;
    try {
      const target = postId || unsent[0]?.id;
      const answer =
        choice === 'unsent'
          ? await deleteGroup.mutateAsync(groupId)
          : target
            ? await deletePost.mutateAsync(target)
            : null;
      if (answer) toast.success(answer.message);
      onClose();
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.message ? error.message : POST_MESSAGES.failedToDeletePost,
      );
    }
  }

  const sent = (entry?.posts.length ?? 0) - unsent.length;
  return (
    <Modal
      open={entry !== null}
      onClose={busy ? () => {} : onClose}
      title="Delete post"
      size="md"
      hideCloseButton
      fullScreenOnMobile={false}
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} loading={busy} disabled={unsent.length === 0}>
            Delete
          </Button>
        </>
      }
    >
      <fieldset className="space-y-3">
        <legend className="mb-3 text-gray-700">
          This post goes to {entry?.posts.length ?? 0} accounts. What do you want to delete?
        </legend>
        <label className="flex cursor-pointer gap-3 rounded-lg border border-gray-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
          <input
            type="radio"
            name={`${id}-scope`}
            value="unsent"
            checked={choice === 'unsent'}
            onChange={() => setChoice('unsent')}
            className="mt-1"
          />
          <span>
            <span className="block font-medium text-gray-900">All not yet sent</span>
            <span className="block text-gray-500 text-sm">
              {unsent.length === 1 ? 'The 1 post' : `The ${unsent.length} posts`} not yet published
              {sent > 0 ? `; the ${sent} already sent stay` : ''}. Their media goes too.
            </span>
          </span>
        </label>
        <div className="rounded-lg border border-gray-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
          <label className="flex cursor-pointer gap-3">
            <input
              type="radio"
              name={`${id}-scope`}
              value="account"
              checked={choice === 'account'}
              onChange={() => setChoice('account')}
              className="mt-1"
            />
            <span>
              <span className="block font-medium text-gray-900">This account only</span>
              <span className="block text-gray-500 text-sm">The other accounts keep their posts.</span>
            </span>
          </label>
          <label htmlFor={`${id}-account`} className="sr-only">
            Account to delete
          </label>
          <select
            id={`${id}-account`}
            value={postId || unsent[0]?.id || ''}
            disabled={choice !== 'account'}
            onChange={(event) => setPostId(event.target.value)}
            className="mt-2 h-10 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm disabled:bg-gray-50 disabled:text-gray-400"
          >
            {unsent.map((post) => (
              <option key={post.id} value={post.id}>
                {getPlatform(post.platform).displayName}: {post.account?.accountName ?? 'account removed'}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
    </Modal>
  );
}
