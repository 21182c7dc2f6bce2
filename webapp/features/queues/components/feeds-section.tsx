import { useState } from 'react';
import type { AccountDto } from '../../../../shared/accounts/account';
import { accountLabel } from '../../../../shared/accounts/account-label';
import type { FeedDto } from '../../../../shared/feeds/api';
import type { QueueDto } from '../../../../shared/queues/api';
import { Button } from '../../../components/button';
import { PlusIcon } from '../../../components/icons';
import { useAccounts } from '../../../shared/accounts/list-accounts';
import { useFeeds } from '../api/list-feeds';
import { AddFeedForm } from './add-feed-form';
import { FeedRow } from './feed-row';

/**
 * Feeds on the queues page: a panel per queue (its feeds fill it) and one for drafts (feeds
 * that make a draft per chosen account). Checked every 30 minutes on the server.
 */
export function FeedsSection({ queues }: { queues: QueueDto[] }) {
  const feeds = useFeeds();
  const accounts = useAccounts().data ?? [];
  const list = feeds.data?.feeds ?? [];
  const exampleFeedUrl = feeds.data?.exampleFeedUrl ?? null;
  return (
    <section aria-labelledby="feeds-heading" className="mt-10">
      <h2 id="feeds-heading" className="font-semibold text-gray-900 text-lg">
        Feeds
      </h2>
      <p className="mt-1 text-gray-600 text-sm">
        Turn a blog's new articles into posts: every 30 minutes each feed is checked, and its new items join
        the queue (or become drafts). The first check takes the newest 3; a feed that fails five checks in a
        row is paused and you are notified.
      </p>
      <ul className="mt-4 grid items-start gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Feed panels">
        {queues.map((queue) => (
          <FeedPanel
            key={queue.id}
            title={`Feeds for ${queue.name}`}
            target="queue"
            queueId={queue.id}
            feeds={list.filter((feed) => feed.target === 'queue' && feed.queueId === queue.id)}
            queues={queues}
            accounts={accounts}
            exampleFeedUrl={exampleFeedUrl}
          />
        ))}
        <FeedPanel
          title="Feeds for drafts"
          target="drafts"
          queueId={null}
          feeds={list.filter((feed) => feed.target === 'drafts')}
          queues={queues}
          accounts={accounts}
          exampleFeedUrl={exampleFeedUrl}
        />
      </ul>
    </section>
  );
}

function FeedPanel({
  title,
  target,
  queueId,
  feeds,
  queues,
  accounts,
  exampleFeedUrl,
}: {
  title: string;
  target: 'queue' | 'drafts';
  queueId: string | null;
  feeds: FeedDto[];
  queues: QueueDto[];
  accounts: AccountDto[];
  exampleFeedUrl: string | null;
}) {
  const [adding, setAdding] = useState(false);
  const names = (ids: string[]) =>
    ids
      .map((id) => accounts.find((account) => account.id === id))
      .flatMap((a) => (a ? [accountLabel(a)] : []));
  return (
    <li
      aria-label={title}
      className="flex min-w-0 flex-col rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold text-base text-gray-900">{title}</h3>
        {adding ? null : (
          <Button
            size="sm"
            variant="secondary"
            className="shrink-0 whitespace-nowrap"
            icon={<PlusIcon className="h-4 w-4" />}
            onClick={() => setAdding(true)}
          >
            Add feed
          </Button>
        )}
      </div>
      {feeds.length === 0 && !adding ? (
        <p className="mt-2 text-gray-600 text-sm">
          {target === 'queue' ? 'No feed fills this queue yet.' : 'No feed makes drafts yet.'}
        </p>
      ) : null}
      {feeds.length > 0 ? (
        <ul className="mt-3 space-y-2">
          {feeds.map((feed) => (
            <FeedRow
              key={feed.id}
              feed={feed}
              accountNames={names(feed.accountIds)}
              queues={queues}
              accounts={accounts}
              exampleFeedUrl={exampleFeedUrl}
            />
          ))}
        </ul>
      ) : null}
      {adding ? (
        <div className="mt-3">
          <AddFeedForm
            target={target}
            queueId={queueId}
            accounts={accounts}
            exampleFeedUrl={exampleFeedUrl}
            onDone={() => setAdding(false)}
          />
        </div>
      ) : null}
    </li>
  );
}
