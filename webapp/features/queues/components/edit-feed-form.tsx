import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { AccountDto } from '../../../../shared/accounts/account';
import { FEED_MESSAGES, type FeedDto, type FeedTarget, UpdateFeedInput } from '../../../../shared/feeds/api';
import type { QueueDto } from '../../../../shared/queues/api';
import { Button } from '../../../components/button';
import { useUpdateFeed } from '../api/update-feed';
import { type FeedFields, FeedFormFields, feedInputClass } from './feed-form-fields';
import { messageOf } from './queue-labels';

const DRAFTS = 'drafts';

/**
 * A feed's settings edited in place: the add form's fields, and where its items go (another
 * queue, or drafts). Checked with the server's own schema and messages; only what changed is
 * sent, so an unchanged address is not read again.
 */
export function EditFeedForm({
  feed,
  queues,
  accounts,
  exampleFeedUrl,
  onDone,
}: {
  feed: FeedDto;
  queues: QueueDto[];
  accounts: AccountDto[];
  exampleFeedUrl: string | null;
  onDone: () => void;
}) {
  const id = useId();
  const update = useUpdateFeed();
  const [fields, setFields] = useState<FeedFields>({
    url: feed.url,
    accountIds: feed.accountIds,
    template: feed.template,
    takeImage: feed.takeImage,
  });
  const [destination, setDestination] = useState(feed.target === 'queue' ? (feed.queueId ?? '') : DRAFTS);
  const [error, setError] = useState<string | null>(null);
  const target: FeedTarget = destination === DRAFTS ? 'drafts' : 'queue';

  function changes(): Record<string, unknown> {
    const queueId = target === 'queue' ? destination : null;
    return {
      ...(fields.url.trim() !== feed.url ? { url: fields.url } : {}),
      ...(target !== feed.target || queueId !== feed.queueId ? { target, queueId } : {}),
      ...(fields.accountIds.join() !== feed.accountIds.join() ? { accountIds: fields.accountIds } : {}),
      ...(fields.template !== feed.template ? { template: fields.template } : {}),
      ...(fields.takeImage !== feed.takeImage ? { takeImage: fields.takeImage } : {}),
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const diff = changes();
    if (Object.keys(diff).length === 0) {
      onDone();
      return;
    }
    const checked = UpdateFeedInput.safeParse(diff);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? FEED_MESSAGES.urlInvalid);
      return;
    }
    setError(null);
    try {
      const answer = await update.mutateAsync({ id: feed.id, changes: checked.data });
      toast.success(answer.message);
      onDone();
    } catch (failure) {
      setError(messageOf(failure, FEED_MESSAGES.unreachable));
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label={`Edit feed ${feed.title || feed.url}`}
      className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-3"
    >
      <FeedFormFields
        id={id}
        value={fields}
        onChange={setFields}
        target={target}
        accounts={accounts}
        exampleFeedUrl={exampleFeedUrl}
        urlHint="A new address is read once; its next check takes only its newest 3 items, never one this feed took before."
      />
      <div>
        <label htmlFor={`${id}-destination`} className="mb-1 block font-medium text-gray-700 text-sm">
          New items go to
        </label>
        <select
          id={`${id}-destination`}
          value={destination}
          onChange={(e) => setDestination(e.target.value)}
          className={`h-10 ${feedInputClass}`}
        >
          {queues.map((queue) => (
            <option key={queue.id} value={queue.id}>
              Queue: {queue.name}
            </option>
          ))}
          <option value={DRAFTS}>Drafts</option>
        </select>
      </div>
      {error ? (
        <p role="alert" className="text-red-600 text-sm">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={update.isPending}>
          Save feed
        </Button>
      </div>
    </form>
  );
}
