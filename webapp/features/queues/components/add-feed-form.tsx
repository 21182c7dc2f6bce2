import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { AccountDto } from '../../../../shared/accounts/account';
import { accountLabel } from '../../../../shared/accounts/account-label';
import {
  CreateFeedInput,
  DEFAULT_FEED_TEMPLATE,
  FEED_LIMITS,
  FEED_MESSAGES,
} from '../../../../shared/feeds/api';
import { Button } from '../../../components/button';
import { useAddFeed } from '../api/add-feed';
import { messageOf } from './queue-labels';

const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:text-sm';

/**
 * The add-a-feed form of a panel: the address (the example feed one click away in demo mode),
 * the accounts its items go to, the template and the image option. Checked with the server's
 * own schema before it is sent; the server then reads the address once.
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
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<string[]>(accounts.length === 1 ? [accounts[0]!.id] : []);
  const [template, setTemplate] = useState(DEFAULT_FEED_TEMPLATE);
  const [takeImage, setTakeImage] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { url, target, queueId, accountIds: chosen, template, takeImage };
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
      <div>
        <label htmlFor={`${id}-url`} className="mb-1 block font-medium text-gray-700 text-sm">
          Feed address (RSS, Atom or JSON Feed)
        </label>
        <input
          id={`${id}-url`}
          type="url"
          value={url}
          maxLength={FEED_LIMITS.urlMax}
          onChange={(e) => setUrl(e.target.value)}
          className={`h-10 ${inputClass}`}
          placeholder="https://blog.example.com/feed.xml"
        />
        {exampleFeedUrl ? (
          <button
            type="button"
            className="mt-1 text-brand-700 text-sm underline hover:text-brand-800"
            onClick={() => setUrl(exampleFeedUrl)}
          >
            Use the sandbox's example feed
          </button>
        ) : null}
      </div>
      <fieldset>
        <legend className="mb-1 font-medium text-gray-700 text-sm">
          {target === 'queue' ? 'Add each new item for' : 'Make a draft for'}
        </legend>
        {accounts.length === 0 ? (
          <p className="text-gray-600 text-sm">Connect an account first.</p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {accounts.map((account) => (
              <label
                key={account.id}
                className="flex cursor-pointer items-center gap-1.5 rounded-full border border-gray-300 bg-white px-2.5 py-1 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="checkbox"
                  className="accent-brand-600"
                  checked={chosen.includes(account.id)}
                  onChange={(e) =>
                    setChosen((ids) =>
                      e.target.checked ? [...ids, account.id] : ids.filter((other) => other !== account.id),
                    )
                  }
                />
                {accountLabel(account)}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <div>
        <label htmlFor={`${id}-template`} className="mb-1 block font-medium text-gray-700 text-sm">
          Template
        </label>
        <input
          id={`${id}-template`}
          type="text"
          value={template}
          maxLength={FEED_LIMITS.templateMax}
          onChange={(e) => setTemplate(e.target.value)}
          className={`h-10 ${inputClass}`}
          aria-describedby={`${id}-template-hint`}
        />
        <p id={`${id}-template-hint`} className="mt-1 text-gray-500 text-xs">
          {'{title}'}, {'{url}'}, {'{summary}'} and {'{author}'} are replaced by each item's own.
        </p>
      </div>
      <label className="flex items-center gap-2 text-gray-700 text-sm">
        <input
          type="checkbox"
          className="accent-brand-600"
          checked={takeImage}
          onChange={(e) => setTakeImage(e.target.checked)}
        />
        Take the item's image as media
      </label>
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
