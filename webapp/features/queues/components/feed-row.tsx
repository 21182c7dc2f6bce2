import { useState } from 'react';
import { toast } from 'sonner';
import type { AccountDto } from '../../../../shared/accounts/account';
import type { FeedDto } from '../../../../shared/feeds/api';
import type { QueueDto } from '../../../../shared/queues/api';
import { formatDateTime } from '../../../../shared/time/format';
import { Button } from '../../../components/button';
import { PauseIcon, PencilIcon, PlayIcon, TrashIcon } from '../../../components/icons';
import { usePreferences } from '../../../shared/preferences/preferences';
import { type FeedAction, useChangeFeed } from '../api/change-feed';
import { EditFeedForm } from './edit-feed-form';
import { messageOf } from './queue-labels';

const STATUS_STYLES = {
  active: 'bg-green-50 text-green-700',
  paused: 'bg-amber-50 text-amber-700',
} as const;

/** One feed: its name, status, last check, items taken, problems, and its buttons; or its edit form. */
export function FeedRow({
  feed,
  accountNames,
  queues,
  accounts,
  exampleFeedUrl,
}: {
  feed: FeedDto;
  accountNames: string[];
  queues: QueueDto[];
  accounts: AccountDto[];
  exampleFeedUrl: string | null;
}) {
  const { timezone, timeFormat } = usePreferences();
  const change = useChangeFeed();
  const [editing, setEditing] = useState(false);
  const name = feed.title || feed.url;
  const busy = change.isPending ? change.variables?.action : null;

  async function run(action: FeedAction) {
    try {
      const answer = await change.mutateAsync({ id: feed.id, action });
      if (action === 'check') {
        const taken = answer.taken ?? 0;
        toast.success(taken === 0 ? 'No new items' : `${taken} new ${taken === 1 ? 'item' : 'items'} taken`);
      } else if (answer.message) {
        toast.success(answer.message);
      }
    } catch (error) {
      toast.error(messageOf(error, 'The feed could not be changed. Please try again.'));
    }
  }

  if (editing) {
    return (
      <li aria-label={`Feed ${name}`} className="min-w-0">
        <EditFeedForm
          feed={feed}
          queues={queues}
          accounts={accounts}
          exampleFeedUrl={exampleFeedUrl}
          onDone={() => setEditing(false)}
        />
      </li>
    );
  }

  return (
    <li aria-label={`Feed ${name}`} className="min-w-0 rounded-lg border border-gray-200 p-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-medium text-gray-900 text-sm">{name}</p>
          <p className="truncate text-gray-500 text-xs" title={feed.url}>
            {feed.url}
          </p>
        </div>
        <span
          className={`inline-flex shrink-0 rounded-full px-2 py-0.5 font-medium text-xs ${STATUS_STYLES[feed.status]}`}
        >
          {feed.status === 'active' ? 'Active' : 'Paused'}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-gray-500">For</dt>
        <dd className="text-gray-900">{accountNames.join(', ') || 'No account'}</dd>
        <dt className="text-gray-500">Last check</dt>
        <dd className="text-gray-900" data-testid="feed-last-check">
          {feed.lastCheckedAt ? formatDateTime(feed.lastCheckedAt, timezone, timeFormat) : 'Not yet'}
        </dd>
        <dt className="text-gray-500">Items taken</dt>
        <dd className="text-gray-900" data-testid="feed-items-taken">
          {feed.itemsTaken}
        </dd>
      </dl>
      {feed.pausedReason ? <p className="mt-2 text-amber-700 text-xs">{feed.pausedReason}</p> : null}
      {feed.lastError && !feed.pausedReason ? (
        <p className="mt-2 text-red-600 text-xs">
          Last check failed ({feed.consecutiveFailures} in a row): {feed.lastError}
        </p>
      ) : null}
      {feed.lastItemProblem ? (
        <p className="mt-2 text-gray-600 text-xs">Not added: {feed.lastItemProblem}</p>
      ) : null}
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Button size="sm" variant="secondary" loading={busy === 'check'} onClick={() => void run('check')}>
          Check now
        </Button>
        <Button
          size="sm"
          variant="secondary"
          icon={<PencilIcon className="h-4 w-4" />}
          aria-label={`Edit feed ${name}`}
          onClick={() => setEditing(true)}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={busy === 'pause' || busy === 'resume'}
          icon={
            feed.status === 'active' ? <PauseIcon className="h-4 w-4" /> : <PlayIcon className="h-4 w-4" />
          }
          aria-label={`${feed.status === 'active' ? 'Pause' : 'Resume'} feed ${name}`}
          onClick={() => void run(feed.status === 'active' ? 'pause' : 'resume')}
        >
          {feed.status === 'active' ? 'Pause' : 'Resume'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-600 hover:bg-red-50"
          loading={busy === 'delete'}
          icon={<TrashIcon className="h-4 w-4" />}
          aria-label={`Delete feed ${name}`}
          onClick={() => void run('delete')}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
