import type { AccountDto } from '../../../../shared/accounts/account';
import { accountLabel } from '../../../../shared/accounts/account-label';
import { FEED_LIMITS, type FeedTarget } from '../../../../shared/feeds/api';

export const feedInputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:text-sm';

export interface FeedFields {
  url: string;
  accountIds: string[];
  template: string;
  takeImage: boolean;
}

/**
 * The fields the add and the edit form share: the address (the sandbox's example one click away
 * in demo mode), the accounts its items go to, the template and the image option.
 */
export function FeedFormFields({
  id,
  value,
  onChange,
  target,
  accounts,
  exampleFeedUrl,
  urlHint,
}: {
  /** A prefix for the fields' ids (the form's useId). */
  id: string;
  value: FeedFields;
  onChange: (next: FeedFields) => void;
  target: FeedTarget;
  accounts: AccountDto[];
  exampleFeedUrl: string | null;
  urlHint?: string;
}) {
  return (
    <>
      <div>
        <label htmlFor={`${id}-url`} className="mb-1 block font-medium text-gray-700 text-sm">
          Feed address (RSS, Atom or JSON Feed)
        </label>
        <input
          id={`${id}-url`}
          type="url"
          value={value.url}
          maxLength={FEED_LIMITS.urlMax}
          onChange={(e) => onChange({ ...value, url: e.target.value })}
          className={`h-10 ${feedInputClass}`}
          placeholder="https://blog.example.com/feed.xml"
          aria-describedby={urlHint ? `${id}-url-hint` : undefined}
        />
        {urlHint ? (
          <p id={`${id}-url-hint`} className="mt-1 text-gray-500 text-xs">
            {urlHint}
          </p>
        ) : null}
        {exampleFeedUrl && value.url !== exampleFeedUrl ? (
          <button
            type="button"
            className="mt-1 text-brand-700 text-sm underline hover:text-brand-800"
            onClick={() => onChange({ ...value, url: exampleFeedUrl })}
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
                className="flex min-w-0 cursor-pointer items-center gap-1.5 rounded-full border border-gray-300 bg-white px-2.5 py-1 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="checkbox"
                  className="accent-brand-600"
                  checked={value.accountIds.includes(account.id)}
                  onChange={(e) =>
                    onChange({
                      ...value,
                      accountIds: e.target.checked
                        ? [...value.accountIds, account.id]
                        : value.accountIds.filter((other) => other !== account.id),
                    })
                  }
                />
                <span className="min-w-0 break-words">{accountLabel(account)}</span>
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
          value={value.template}
          maxLength={FEED_LIMITS.templateMax}
          onChange={(e) => onChange({ ...value, template: e.target.value })}
          className={`h-10 ${feedInputClass}`}
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
          checked={value.takeImage}
          onChange={(e) => onChange({ ...value, takeImage: e.target.checked })}
        />
        Take the item's image as media
      </label>
    </>
  );
}
