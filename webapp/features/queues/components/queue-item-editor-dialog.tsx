import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { PostDto } from '../../../../shared/posts/api';
import { QUEUE_MESSAGES, type QueueDto, type QueueItemDto } from '../../../../shared/queues/api';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { ComposerFields } from '../../../shared/composer/composer-fields';
import { initialState, stateFromPost } from '../../../shared/composer/composer-state';
import { PostToRow } from '../../../shared/composer/post-to-row';
import { useComposerForm } from '../../../shared/composer/use-composer-form';
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
    groupId: null,
    customized: false,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/**
 * Add Item / Edit Item: the composer's own per-platform editors, limits, media and live preview
 * (the shared composer form), saved as a queue item instead of a post. An item is checked
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
  const form = useComposerForm({ onClose });
  const { state, fileErrors, notice, actions, account } = form;
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
  const disabled = form.incomplete || busy;

  async function save() {
    // An item is checked as a post to be scheduled: a run publishes it as it is.
    const checked = queue ? form.check('schedule') : null;
    if (!queue || !checked) return;
    setError(null);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    try {
      if (item) {
        await updateItem.mutateAsync({ queueId: queue.id, itemId: item.id, input: checked.body });
        toast.success(QUEUE_MESSAGES.itemUpdated);
      } else {
        await addItem.mutateAsync({ queueId: queue.id, input: checked.body });
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
          connected={form.connectedPlatforms}
          isLocked={Boolean(item)}
          firstRef={firstPlatformRef}
          onSelect={(id) => {
            setError(null);
            form.selectPlatform(id);
          }}
          onAddAccount={form.connectAccount}
        />
        <ComposerFields
          state={state}
          actions={actions}
          fileErrors={fileErrors}
          editorNotice={notice}
          platformAccounts={form.platformAccounts}
          account={account}
          error={error}
          editorKey={`${platform}-${item?.id ?? 'new'}`}
          onConnect={form.connectAccount}
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
