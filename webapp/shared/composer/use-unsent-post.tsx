import { useEffect, useRef, useState } from 'react';
import { getPlatform } from '../../../shared/platforms/registry';
import { truncateText } from '../../../shared/text/truncate';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { GroupComposerState } from './group/group-state';
import { clearUnsentPost, loadUnsentPost, saveUnsentPost, type UnsentPost } from './unsent-post';

const DISCARD_TITLE = 'Discard this post?';
const RESTORE_TITLE = 'Restore your unsent post?';
/** How long the composition rests before its copy is written (JSON and localStorage cost a keystroke). */
const COPY_AFTER_MS = 300;

interface UseUnsentPostOptions {
  open: boolean;
  /** The signed-in user: the copy is kept per user. */
  userId: string | null;
  /** A new post, not yet stored: a copy of `copy` is kept until it is saved or discarded. */
  keepsCopy: boolean;
  copy?: GroupComposerState;
  /** Whether the composition holds anything the stored one (or an empty one) does not. */
  dirty: boolean;
  onRestore?: (state: GroupComposerState) => void;
  onClose: () => void;
}

function describe(post: UnsentPost): string {
  const { accounts, missingPlatforms, shared, versions } = post.state;
  const platforms = [...new Set([...accounts.map((account) => account.platform), ...missingPlatforms])];
  const names = platforms.map((platform) => getPlatform(platform).displayName);
  const texts = [shared.content, ...versions.flatMap((draft) => draft.items.map((item) => item.content))];
  const text = texts.map((content) => content.trim()).find(Boolean) ?? '';
  const files = Object.keys(post.state.media).length;
  const what =
    names.length === 0
      ? 'an unsent post'
      : names.length === 1
        ? `an unsent ${names[0]} post`
        : `an unsent post for ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  if (text) return `You have ${what}: "${truncateText(text.replace(/\s+/g, ' '), 80, { ellipsis: '…' })}"`;
  return files > 0
    ? `You have ${what} with ${files} attached file${files === 1 ? '' : 's'}.`
    : `You have ${what}.`;
}

/**
 * Nothing typed is lost: closing a composer that holds anything asks "Discard this post?", and a
 * new post is kept in localStorage while it is written, so the next opening offers it back
 * ("Restore your unsent post?") after a closed tab or a crash. `clearCopy` after a save.
 */
export function useUnsentPost({
  open,
  userId,
  keepsCopy,
  copy,
  dirty,
  onRestore,
  onClose,
}: UseUnsentPostOptions) {
  const [offer, setOffer] = useState<UnsentPost | null>(null);
  // No copy is written until the stored one has been looked at (and offered back).
  const [checked, setChecked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const copying = open && keepsCopy && Boolean(userId) && copy !== undefined;

  useEffect(() => {
    if (!copying || !userId) return;
    setOffer(loadUnsentPost(userId));
    setChecked(true);
  }, [copying, userId]);

  // The copy waiting to be written: after a pause in typing (never in a keystroke's way), or at
  // once when the page goes away.
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!copying || !checked || offer || !userId || !copy) return;
    const write = () => {
      pending.current = null;
      if (dirty) saveUnsentPost(userId, copy);
      else clearUnsentPost(userId);
    };
    pending.current = write;
    const timer = setTimeout(write, COPY_AFTER_MS);
    return () => {
      clearTimeout(timer);
      if (pending.current === write) pending.current = null;
    };
  }, [copying, checked, offer, userId, dirty, copy]);
  useEffect(() => {
    const flush = () => pending.current?.();
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, []);

  function requestClose() {
    // With the question about an earlier post still open, closing leaves that post kept.
    if (dirty && !offer) setConfirming(true);
    else onClose();
  }

  function clearCopy() {
    pending.current = null;
    if (userId) clearUnsentPost(userId);
    setOffer(null);
  }

  const dialogs = (
    <>
      <ConfirmDialog
        open={open && offer !== null}
        title={RESTORE_TITLE}
        message={offer ? describe(offer) : ''}
        // The safe answer is the focused one, and Escape's: nothing is thrown away by accident.
        cancelLabel="Restore"
        confirmLabel="Discard"
        onCancel={() => {
          if (offer) onRestore?.(offer.state);
          setOffer(null);
        }}
        onConfirm={clearCopy}
      />
      <ConfirmDialog
        open={open && confirming}
        title={DISCARD_TITLE}
        message={
          keepsCopy
            ? 'What you wrote and attached to this post will be lost.'
            : 'Your changes to this post will be lost.'
        }
        cancelLabel="Keep editing"
        confirmLabel="Discard"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          if (keepsCopy) clearCopy();
          onClose();
        }}
      />
    </>
  );

  return { requestClose, clearCopy, dialogs, isDirty: dirty };
}
