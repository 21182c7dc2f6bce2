import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { AccountDto } from '../../../../shared/accounts/account';
import { getPlatform } from '../../../../shared/platforms/registry';
import type { PostDto } from '../../../../shared/posts/api';
import { noAccountConnectedMessage, POST_MESSAGES } from '../../../../shared/posts/constants';
import { validatePost } from '../../../../shared/posts/validate-post';
import { QUEUE_MESSAGES, type QueueDto, type QueueItemDto } from '../../../../shared/queues/api';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { useAccounts } from '../../accounts/api/list-accounts';
import { openConnectModal } from '../../accounts/connect-modal-store';
import { ChainEditor } from '../../posts/components/composer/chain-editor';
import { ErrorBox, toPostInput } from '../../posts/components/composer/composer-input';
import {
  initialState,
  isUploading,
  stateFromPost,
  toPostBody,
  usesChain,
} from '../../posts/components/composer/composer-state';
import { PostPreview } from '../../posts/components/composer/post-preview';
import { PostToRow } from '../../posts/components/composer/post-to-row';
import { SingleEditor } from '../../posts/components/composer/single-editor';
import { useComposer } from '../../posts/components/composer/use-composer';
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
  const { state, fileErrors, actions } = useComposer();
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
  const info = platform ? getPlatform(platform) : null;
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
        {platform && platformAccounts.length > 0 ? (
          <label className="flex max-w-sm flex-col gap-1 text-gray-700 text-sm">
            <span className="font-medium">Account</span>
            <select
              className="h-10 rounded-lg border border-gray-300 bg-white px-2"
              value={account?.id ?? ''}
              onChange={(e) => actions.setAccount(e.target.value)}
            >
              {platformAccounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.accountName}
                  {a.accountHandle ? ` (@${a.accountHandle.replace(/^@/, '')})` : ''}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {item && !item.account && account ? (
          <p className="rounded-lg bg-amber-50 px-4 py-3 text-amber-800 text-sm">
            This item's account was disconnected. Save it with the account above to publish it again.
          </p>
        ) : null}
        {error ? <ErrorBox message={error} /> : null}
        {!platform || !info ? (
          <p className="rounded-lg bg-gray-50 p-6 text-center text-gray-600 text-sm">
            {POST_MESSAGES.selectPlatform}
          </p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <section aria-label={`${info.displayName} editor`} className="min-w-0">
              {usesChain(platform) ? (
                <ChainEditor
                  key={`${platform}-${item?.id ?? 'new'}`}
                  state={state}
                  actions={actions}
                  fileErrors={fileErrors}
                />
              ) : (
                <SingleEditor state={state} actions={actions} fileErrors={fileErrors} />
              )}
            </section>
            <section aria-label="Preview" className="min-w-0 rounded-xl bg-gray-50 p-4">
              <h3 className="mb-3 font-medium text-gray-500 text-xs uppercase tracking-wide">Preview</h3>
              {account ? (
                <PostPreview state={state} account={account} />
              ) : (
                <div className="flex flex-col items-center gap-3 py-8 text-center">
                  <p className="text-gray-700 text-sm">{noAccountConnectedMessage(info.displayName)}</p>
                  <Button size="sm" onClick={connectAccount}>
                    Connect {info.displayName}
                  </Button>
                </div>
              )}
            </section>
          </div>
        )}
      </div>
    </Modal>
  );
}
