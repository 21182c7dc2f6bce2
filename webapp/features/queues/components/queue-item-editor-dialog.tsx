import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { AccountDto } from '../../../../shared/accounts/account';
import type { PostDto } from '../../../../shared/posts/api';
import { validatePost } from '../../../../shared/posts/validate-post';
import { QUEUE_MESSAGES, type QueueDto, type QueueItemDto } from '../../../../shared/queues/api';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { openConnectModal } from '../../../shared/accounts/connect-modal-store';
import { useAccounts } from '../../../shared/accounts/list-accounts';
import { ComposerFields } from '../../../shared/composer/composer-fields';
import { toPostInput } from '../../../shared/composer/composer-input';
import {
  initialState,
  isUploading,
  stateFromPost,
  toPostBody,
} from '../../../shared/composer/composer-state';
import { PostToRow } from '../../../shared/composer/post-to-row';
import { useComposer } from '../../../shared/composer/use-composer';
import { useAddQueueItem } from '../api/add-queue-item';
import { useUpdateQueueItem } from '../api/update-queue-item';
import { messageOf } from './queue-labels';

/** The composer reads stored posts; an item has the same post fields. */
function itemAsPost(item: QueueItemDto): PostDto {
  return {
    id: item.id,
    socialAccountId: item.socialAccountId,
    platform: item.platform,
    content: item.content,
    status: 'draft',
    isDraft: true,
    scheduledAt: null,
    postedAt: null,
    postType: item.postType,
    media: item.media,
    tweets: item.tweets,
    metadata: item.metadata,
    platformPostId: null,
    platformPostUrl: null,
    errorMessage: null,
    account: item.account,
    metrics: null,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/**
 * Add Item / Edit Item: the composer's own per-platform editors, limits, media and live preview
 * (imported from the posts feature), saved as a queue item instead of a post. An item is checked
 * as a post to be scheduled, since a run publishes it as it is.
 */
export function QueueItemEditorDialog({
  open,
  queue,
  item,
  onClose,
}: {
  open: boolean;
  queue: QueueDto | null;
  item: QueueItemDto | null;
  onClose: () => void;
}) {
  const { state, fileErrors, notice, actions } = useComposer();
  const accounts = useAccounts().data ?? [];
  const addItem = useAddQueueItem();
  const updateItem = useUpdateQueueItem();
  const [error, setError] = useState<string | null>(null);
  const firstPlatformRef = useRef<HTMLButtonElement>(null);
  const busy = addItem.isPending || updateItem.isPending;

  // biome-ignore lint/correctness/useExhaustiveDependencies: start over only when the dialog (re)opens
  useEffect(() => {
    if (!open) return;
    setError(null);
    actions.reset(item ? stateFromPost(itemAsPost(item)) : initialState());
  }, [open, item?.id]);

  const platform = state.platform;
  const platformAccounts = platform ? accounts.filter((a) => a.platform === platform) : [];
  const account: AccountDto | null =
    platformAccounts.find((a) => a.id === state.accountId) ?? platformAccounts[0] ?? null;

  const input = toPostInput(state);
  const overLimit = (input ? validatePost(input, 'draft') : []).some((issue) =>
    /too long/.test(issue.message),
  );
  const articleWithoutUrl =
    platform === 'linkedin' &&
    state.postType === 'article' &&
    !String(state.metadata.articleUrl ?? '').trim();
  const disabled = !platform || !account || busy || isUploading(state) || overLimit || articleWithoutUrl;

  function connectAccount() {
    onClose();
    openConnectModal();
  }

  async function save() {
    if (!queue || !input || !account) return;
    setError(null);
    const issue = validatePost(input, 'schedule')[0];
    if (issue) {
      setError(issue.message);
      return;
    }
    const body = toPostBody({ ...state, accountId: account.id });
    try {
      if (item) {
        await updateItem.mutateAsync({ queueId: queue.id, itemId: item.id, input: body });
        toast.success(QUEUE_MESSAGES.itemUpdated);
      } else {
        await addItem.mutateAsync({ queueId: queue.id, input: body });
        toast.success(QUEUE_MESSAGES.itemAdded);
      }
      onClose();
    } catch (saveError) {
      setError(messageOf(saveError, item ? QUEUE_MESSAGES.updateItemFailed : QUEUE_MESSAGES.addItemFailed));
    }
  }

  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : onClose}
      title={item ? 'Edit Item' : 'Add Item'}
      description={queue ? `Queue: ${queue.name}` : undefined}
      size="xl"
      closeOnBackdrop={false}
      initialFocusRef={item ? undefined : firstPlatformRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={disabled} loading={busy}>
            {item ? 'Save item' : 'Add to queue'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <PostToRow
          selected={platform}
          connected={new Set(accounts.map((a) => a.platform))}
          isLocked={Boolean(item)}
          firstRef={firstPlatformRef}
          onSelect={(id) => {
            setError(null);
            actions.setPlatform(id, accounts.find((a) => a.platform === id)?.id ?? null);
          }}
          onAddAccount={connectAccount}
        />
        <ComposerFields
          state={state}
          actions={actions}
          fileErrors={fileErrors}
          editorNotice={notice}
          platformAccounts={platformAccounts}
          account={account}
          error={error}
          editorKey={`${platform}-${item?.id ?? 'new'}`}
          onConnect={connectAccount}
          alwaysShowAccount
          notice={
            item && !item.account && account ? (
              <p className="rounded-lg bg-amber-50 px-4 py-3 text-amber-800 text-sm">
                This item's account was disconnected. Save it with the account above to publish it again.
              </p>
            ) : null
          }
        />
      </div>
    </Modal>
  );
}
