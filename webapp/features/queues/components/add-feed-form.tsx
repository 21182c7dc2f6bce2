import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { AccountDto } from '../../../../shared/accounts/account';
import { CreateFeedInput, DEFAULT_FEED_TEMPLATE, FEED_MESSAGES } from '../../../../shared/feeds/api';
import { Button } from '../../../components/button';
import { useAddFeed } from '../api/add-feed';
import { type FeedFields, FeedFormFields } from './feed-form-fields';
import { messageOf } from './queue-labels';

/**
 * The add-a-feed form of a panel. Checked with the server's own schema before it is sent; the
 * server then reads the address once.
 */
export function AddFeedForm({
  target,
  queueId,
  accounts,
  exampleFeedUrl,
  onDone,
}: {
  target: 'queue' | 'drafts';
  queueId: string | null;
  accounts: AccountDto[];
  exampleFeedUrl: string | null;
  onDone: () => void;
}) {
  const id = useId();
  const addFeed = useAddFeed();
  const [fields, setFields] = useState<FeedFields>({
    url: '',
    accountIds: accounts.length === 1 ? [accounts[0]!.id] : [],
    template: DEFAULT_FEED_TEMPLATE,
    takeImage: false,
  });
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { ...fields, target, queueId };
    const checked = CreateFeedInput.safeParse(input);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? FEED_MESSAGES.urlInvalid);
      return;
    }
    setError(null);
    try {
      const answer = await addFeed.mutateAsync(input);
      toast.success(answer.message);
      onDone();
    } catch (failure) {
      setError(messageOf(failure, FEED_MESSAGES.unreachable));
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-3"
    >
      <FeedFormFields
        id={id}
        value={fields}
        onChange={setFields}
        target={target}
        accounts={accounts}
        exampleFeedUrl={exampleFeedUrl}
      />
      {error ? (
        <p role="alert" className="text-red-600 text-sm">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={addFeed.isPending}>
          Add feed
        </Button>
      </div>
    </form>
  );
}
