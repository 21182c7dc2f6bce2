import { useEffect, useId, useState } from 'react';
import type { AccountDto } from '../../../shared/accounts/account';
import type { QueueDto } from '../../../shared/queues/api';
import { addToQueue, itemText, listQueues, type QueueItemResult } from './queue-items';

/**
 * "Add to queue: {queue name}": the current page (or the text written above) becomes an item of
 * one of the user's automated queues, for each chosen account.
 */
export function AddToQueue({
  accounts,
  content,
  mediaIds,
  page,
  disabled = false,
  onAdded,
}: {
  accounts: AccountDto[];
  content: string;
  mediaIds: string[];
  page: { title: string; url: string } | null;
  disabled?: boolean;
  onAdded?: () => void;
}) {
  const [queues, setQueues] = useState<QueueDto[] | null>(null);
  const [queueId, setQueueId] = useState('');
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<{ queue: string; items: QueueItemResult[] } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const selectId = useId();

  useEffect(() => {
    listQueues()
      .then((list) => {
        setQueues(list);
        setQueueId(list[0]?.id ?? '');
      })
      .catch((error: unknown) => setLoadError(error instanceof Error ? error.message : String(error)));
  }, []);

  if (loadError) return <p className="error">{loadError}</p>;
  if (!queues || queues.length === 0) return null;
  const queue = queues.find((q) => q.id === queueId) ?? queues[0]!;
  const text = itemText(content, page);

  async function add() {
    setBusy(true);
    setResults(null);
    const items = await addToQueue({ queueId: queue.id, accounts, content: text, mediaIds });
    setResults({ queue: queue.name, items });
    setBusy(false);
    if (items.some((item) => !item.error)) onAdded?.();
  }

  return (
    <section className="queue-add" aria-label="Automated queues">
      {queues.length > 1 ? (
        <label htmlFor={selectId}>
          Queue
          <select id={selectId} value={queue.id} onChange={(e) => setQueueId(e.target.value)}>
            {queues.map((q) => (
              <option key={q.id} value={q.id}>
                {q.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <button
        type="button"
        disabled={disabled || busy || accounts.length === 0 || !text.trim()}
        onClick={() => void add()}
      >
        Add to queue: {queue.name}
      </button>
      <p className="muted">
        {content.trim() ? 'Adds the text above' : "Adds this page's title and link"} for each chosen account.
      </p>
      {results ? (
        <ul className="notifications" aria-label="Queue results">
          {results.items.map((item) => (
            <li key={item.account.id} className={item.error ? 'error' : 'success'}>
              {item.account.accountName}: {item.error ?? `Added to ${results.queue}`}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
