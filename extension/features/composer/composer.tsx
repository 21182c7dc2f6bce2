import { useEffect, useMemo, useRef, useState } from 'react';
import type { AccountDto } from '../../../shared/accounts/account';
import type { PlatformId } from '../../../shared/platforms/ids';
import { ADD_TO_NEXT_FREE_TIME, type MediaDto } from '../../../shared/posts/api';
import type { Preferences } from '../../../shared/settings/preferences';
import { type WallTime, zonedTimeToUtc } from '../../../shared/time/zoned-time';
import { ConfirmPrompt } from '../../components/confirm-prompt';
import { apiRequest, loadErrorMessage } from '../../lib/api-client';
import { sendToBackground } from '../../lib/messages';
import { clearPendingDraft, draftText, getPendingDraft, type PendingDraft } from '../../lib/pending-draft';
import { getServerUrl } from '../../lib/server-address';
import { AddToQueue } from '../queues/add-to-queue';
import { AccountPicker } from './account-picker';
import { type Attachment, AttachmentCard } from './attachment-card';
import { CharacterCounters } from './character-counters';
import { type ComposerAction, createPosts, type PostResult } from './create-posts';
import { currentTabLink, type TabLink } from './current-tab';
import { defaultAccountIds } from './default-accounts';
import { PostResults } from './post-results';
import { defaultWallTime, ScheduleFields } from './schedule-fields';
import { restoreMessage } from './unsent-post';
import { useUnsentPost } from './use-unsent-post';

/** The popup composer: accounts, text with counters, link, attachment, Post now / Schedule / Save draft. */
export function Composer({ onActed }: { onActed: () => void }) {
  const [accounts, setAccounts] = useState<AccountDto[] | null>(null);
  const [preferences, setPreferences] = useState<Preferences>({ timezone: 'UTC', timeFormat: '24h' });
  const [selected, setSelected] = useState<string[]>([]);
  const [content, setContent] = useState('');
  const [tabLink, setTabLink] = useState<TabLink | null>(null);
  const [draft, setDraft] = useState<PendingDraft | null>(null);
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [when, setWhen] = useState<WallTime>(() => defaultWallTime('UTC'));
  const [whenChosen, setWhenChosen] = useState(false);
  const [userId, setUserId] = useState<string | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const sending = useRef<AbortController | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [results, setResults] = useState<{ action: ComposerAction; items: PostResult[] } | null>(null);
  const [server, setServer] = useState('');

  useEffect(() => {
    void (async () => {
      setServer(await getServerUrl());
      setTabLink(await currentTabLink().catch(() => null));
      let loaded: AccountDto[] = [];
      try {
        const [{ accounts: list }, prefs, session] = await Promise.all([
          apiRequest<{ accounts: AccountDto[] }>('/api/accounts'),
          apiRequest<Preferences>('/api/settings/preferences'),
          apiRequest<{ user: { id: string } | null }>('/api/auth/session'),
        ]);
        setAccounts(list);
        loaded = list;
        setUserId(session.user?.id ?? null);
        setPreferences(prefs);
        setWhen(defaultWallTime(prefs.timezone));
      } catch (error) {
        setLoadError(loadErrorMessage(error));
      }
      const pending = await getPendingDraft();
      if (!pending) return;
      setDraft(pending);
      // A right-click opens with every account that can post chosen (one group for all).
      setSelected((current) => (current.length > 0 ? current : defaultAccountIds(loaded)));
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

  // The popup closing stops following posts it sent (the server goes on; the notifications tell).
  useEffect(() => {
    const controller = new AbortController();
    sending.current = controller;
    return () => controller.abort();
  }, []);

  const media = attachment?.status === 'ready' ? attachment.media : null;
  // A right-click's page, text or image comes back on its own until used or discarded: only
  // what the user wrote, attached or chose beyond it is work to keep.
  const holdsAnything =
    (content.trim() !== '' && content !== (draft ? draftText(draft) : '')) ||
    (media !== null && !draft) ||
    whenChosen;
  const unsent = useUnsentPost(
    userId,
    { content, accountIds: selected, media, when: whenChosen ? when : null },
    holdsAnything,
  );

  function restore() {
    const post = unsent.offer;
    unsent.answered();
    if (!post) return;
    setContent(post.content);
    setSelected(post.accountIds.filter((id) => (accounts ?? []).some((a) => a.id === id)));
    setAttachment(post.media ? { status: 'ready', media: post.media } : null);
    if (post.when) {
      setWhen(post.when);
      setWhenChosen(true);
    }
    // The restored post replaces what a right-click had put in.
    setDraft(null);
    void clearPendingDraft();
  }

  async function discardAll() {
    setConfirmingDiscard(false);
    await clearPendingDraft();
    await unsent.clear();
    setDraft(null);
    setAttachment(null);
    setContent('');
    setSelected([]);
    setWhenChosen(false);
    setWhen(defaultWallTime(preferences.timezone));
  }

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
    // What the page put in goes with it, unless the user has made it theirs.
    if (draft && content === draftText(draft)) setContent('');
    setDraft(null);
    setAttachment(null);
  }

  async function submit(action: ComposerAction) {
    setBusy(true);
    setResults(null);
    const scheduledAt =
      action === 'schedule' ? zonedTimeToUtc(when, preferences.timezone).toISOString() : null;
    const created = (items: PostResult[]) =>
      items.length === chosen.length && items.every((item) => item.post);
    let cleared = false;
    const items = await createPosts({
      accounts: chosen,
      content,
      mediaIds: media ? [media.id] : [],
      action,
      scheduledAt,
      signal: sending.current?.signal,
      onProgress: (progress) => {
        setResults({ action, items: progress });
        // Every post is stored: the composition is done with, even while it is still sending.
        if (!cleared && created(progress)) {
          cleared = true;
          setBusy(false);
          void discardAll();
        }
      },
    });
    setResults({ action, items });
    setBusy(false);
    await sendToBackground('badge:refresh', {});
    onActed();
  }

  const canSubmit = chosen.length > 0 && !busy && attachment?.status !== 'loading';
  return (
    <section className="card" aria-label="Composer">
      <div className="spread">
        <h2>Create a post</h2>
        {holdsAnything ? (
          <button type="button" className="link" onClick={() => setConfirmingDiscard(true)}>
            Discard post
          </button>
        ) : null}
      </div>
      {loadError ? <p className="error">{loadError}</p> : null}
      {accounts === null && !loadError ? <p className="muted">Loading accounts…</p> : null}
      {accounts ? <AccountPicker accounts={accounts} selected={selected} onToggle={toggle} /> : null}

      <AttachmentCard
        draft={draft}
        attachment={attachment}
        onDiscardDraft={() => void discardDraft()}
        onRemoveAttachment={() => setAttachment(null)}
      />

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
        onChange={(value) => {
          setWhen(value);
          setWhenChosen(true);
        }}
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
          onClick={() => void submit(ADD_TO_NEXT_FREE_TIME)}
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
        <PostResults
          action={results.action}
          items={results.items}
          preferences={preferences}
          server={server}
        />
      ) : null}
      <ConfirmPrompt
        open={unsent.offer !== null}
        title="Restore your unsent post?"
        message={unsent.offer ? restoreMessage(unsent.offer) : ''}
        cancelLabel="Restore"
        onCancel={restore}
        confirmLabel="Discard"
        onConfirm={() => void unsent.clear()}
      />
      <ConfirmPrompt
        open={confirmingDiscard}
        title="Discard this post?"
        message="What you wrote and attached to this post will be lost."
        cancelLabel="Keep editing"
        onCancel={() => setConfirmingDiscard(false)}
        confirmLabel="Discard"
        onConfirm={() => void discardAll()}
      />
    </section>
  );
}
