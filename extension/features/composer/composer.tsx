import { useEffect, useMemo, useState } from 'react';
import { browser } from 'wxt/browser';
import type { AccountDto } from '../../../shared/accounts/account';
import type { PlatformId } from '../../../shared/platforms/ids';
import type { MediaDto } from '../../../shared/posts/api';
import type { Preferences } from '../../../shared/settings/preferences';
import { formatSlot } from '../../../shared/time/format';
import { apiRequest } from '../api/api-client';
import { sendToBackground } from '../messaging/messages';
import { AddToQueue } from '../queues/add-to-queue';
import { getServerUrl } from '../server/server-address';
import { AccountPicker } from './account-picker';
import { CharacterCounters } from './character-counters';
import { type ComposerAction, createPosts, type PostResult, webAppPathFor } from './create-posts';
import { clearPendingDraft, draftText, getPendingDraft, type PendingDraft } from './pending-draft';
import { ScheduleFields } from './schedule-fields';
import { defaultScheduleTime, type WallTime, zonedTimeToUtc } from './zoned-time';

interface TabLink {
  title: string;
  url: string;
}

type Attachment =
  | { status: 'loading' }
  | { status: 'ready'; media: MediaDto }
  | { status: 'error'; message: string };

async function currentTabLink(): Promise<TabLink | null> {
  const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
  const url = tab?.url ?? '';
  // The composer opened in its own window or tab has no page to offer.
  if (!/^https?:/.test(url)) return null;
  return { title: tab?.title ?? url, url };
}

const ACTION_DONE: Record<ComposerAction, string> = {
  publish: 'Posted',
  schedule: 'Scheduled',
  draft: 'Draft saved',
  queue: 'Added to the queue',
};

/** The popup composer: accounts, text with counters, link, attachment, Post now / Schedule / Save draft. */
export function Composer({ onActed }: { onActed: () => void }) {
  const [accounts, setAccounts] = useState<AccountDto[] | null>(null);
  const [preferences, setPreferences] = useState<Preferences>({ timezone: 'UTC', timeFormat: '24h' });
  const [selected, setSelected] = useState<string[]>([]);
  const [content, setContent] = useState('');
  const [tabLink, setTabLink] = useState<TabLink | null>(null);
  const [draft, setDraft] = useState<PendingDraft | null>(null);
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [when, setWhen] = useState<WallTime>(() => defaultScheduleTime(Date.now(), 'UTC'));
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [results, setResults] = useState<{ action: ComposerAction; items: PostResult[] } | null>(null);
  const [server, setServer] = useState('');

  useEffect(() => {
    void (async () => {
      setServer(await getServerUrl());
      setTabLink(await currentTabLink().catch(() => null));
      try {
        const [{ accounts: list }, prefs] = await Promise.all([
          apiRequest<{ accounts: AccountDto[] }>('/api/accounts'),
          apiRequest<Preferences>('/api/settings/preferences'),
        ]);
        setAccounts(list);
        setPreferences(prefs);
        setWhen(defaultScheduleTime(Date.now(), prefs.timezone));
      } catch (error) {
        setLoadError(error instanceof Error ? error.message : String(error));
      }
      const pending = await getPendingDraft();
      if (!pending) return;
      setDraft(pending);
      setContent(draftText(pending));
      if (pending.kind === 'image' && pending.imageUrl) {
        setAttachment({ status: 'loading' });
        try {
          const { media } = await apiRequest<{ media: MediaDto }>('/api/media/from-url', {
            body: { url: pending.imageUrl },
          });
          setAttachment({ status: 'ready', media });
        } catch (error) {
          setAttachment({ status: 'error', message: error instanceof Error ? error.message : String(error) });
        }
      }
    })();
  }, []);

  const chosen = useMemo(
    () => (accounts ?? []).filter((account) => selected.includes(account.id)),
    [accounts, selected],
  );
  const platforms = useMemo(() => [...new Set(chosen.map((a) => a.platform))] as PlatformId[], [chosen]);

  function toggle(id: string) {
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  }

  function insertLink(link: TabLink) {
    setContent((text) => [text.trim(), link.url].filter(Boolean).join(text.trim() ? '\n\n' : ''));
  }

  async function discardDraft() {
    await clearPendingDraft();
    setDraft(null);
    setAttachment(null);
  }

  async function submit(action: ComposerAction) {
    setBusy(true);
    setResults(null);
    const scheduledAt =
      action === 'schedule' ? zonedTimeToUtc(when, preferences.timezone).toISOString() : null;
    const items = await createPosts({
      accounts: chosen,
      content,
      mediaIds: attachment?.status === 'ready' ? [attachment.media.id] : [],
      action,
      scheduledAt,
    });
    setResults({ action, items });
    if (items.length > 0 && items.every((item) => item.post)) {
      await clearPendingDraft();
      setDraft(null);
      setAttachment(null);
      setContent('');
      setSelected([]);
    }
    setBusy(false);
    await sendToBackground('badge:refresh', {});
    onActed();
  }

  const canSubmit = chosen.length > 0 && !busy && attachment?.status !== 'loading';
  return (
    <section className="card" aria-label="Composer">
      <h2>Create a post</h2>
      {loadError ? <p className="error">{loadError}</p> : null}
      {accounts === null && !loadError ? <p className="muted">Loading accounts…</p> : null}
      {accounts ? <AccountPicker accounts={accounts} selected={selected} onToggle={toggle} /> : null}

      {draft ? (
        <section className="card" aria-label="From the page">
          <div className="spread">
            <strong>
              {draft.kind === 'image' ? 'Image' : draft.kind === 'selection' ? 'Selected text' : 'Page'} from{' '}
              {draft.title || draft.url}
            </strong>
            <button type="button" className="link" onClick={() => void discardDraft()}>
              Discard
            </button>
          </div>
          {draft.kind === 'image' && draft.imageUrl ? (
            <div className="attachment">
              <img src={draft.imageUrl} alt="Chosen from the page" />
              <span className="muted" data-testid="attachment-status">
                {attachment?.status === 'loading'
                  ? 'Adding the image…'
                  : attachment?.status === 'ready'
                    ? `Image attached (${attachment.media.mimeType})`
                    : attachment?.status === 'error'
                      ? attachment.message
                      : ''}
              </span>
            </div>
          ) : null}
        </section>
      ) : null}

      <label>
        Post text
        <textarea
          value={content}
          onChange={(e) => setContent(e.target.value)}
          placeholder="What do you want to share?"
        />
      </label>
      <CharacterCounters platforms={platforms} text={content} />

      {tabLink ? (
        <div className="spread">
          <span className="muted" title={tabLink.url}>
            {tabLink.title}
          </span>
          <button type="button" onClick={() => insertLink(tabLink)}>
            Insert link
          </button>
        </div>
      ) : null}

      <ScheduleFields
        value={when}
        onChange={setWhen}
        timeZone={preferences.timezone}
        timeFormat={preferences.timeFormat}
      />
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={!canSubmit}
          onClick={() => void submit('publish')}
        >
          Post now
        </button>
        <button type="button" disabled={!canSubmit} onClick={() => void submit('schedule')}>
          Schedule
        </button>
        <button
          type="button"
          disabled={!canSubmit}
          onClick={() => void submit('queue')}
          title="Schedule at each account's next free posting time"
        >
          Add to queue
        </button>
        <button type="button" disabled={!canSubmit} onClick={() => void submit('draft')}>
          Save draft
        </button>
      </div>
      <AddToQueue
        accounts={chosen}
        content={content}
        mediaIds={attachment?.status === 'ready' ? [attachment.media.id] : []}
        page={tabLink ?? (draft ? { title: draft.title, url: draft.url } : null)}
        disabled={attachment?.status === 'loading'}
      />

      {results ? (
        <ul className="notifications" aria-label="Results">
          {results.items.map((item) => (
            <li key={item.account.id} className={item.error ? 'error' : 'success'}>
              {item.account.accountName}:{' '}
              {item.error ??
                (results.action === 'queue' && item.post
                  ? `Added to the queue for ${formatSlot(item.post.scheduledAt, preferences.timezone, preferences.timeFormat)}`
                  : ACTION_DONE[results.action])}
            </li>
          ))}
          {results.items.some((item) => item.post) ? (
            <li>
              <a href={`${server}${webAppPathFor(results.action)}`} target="_blank" rel="noreferrer">
                View in Postloom
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}
