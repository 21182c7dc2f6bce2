import { useEffect, useState } from 'react';
import { getPlatform } from '../../../shared/platforms/registry';
import { truncateText } from '../../../shared/text/truncate';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type ComposerState, hasChanges } from './composer-state';
import { clearUnsentPost, loadUnsentPost, saveUnsentPost, type UnsentPost } from './unsent-post';

const DISCARD_TITLE = 'Discard this post?';
const RESTORE_TITLE = 'Restore your unsent post?';

interface UseUnsentPostOptions {
  open: boolean;
  /** The signed-in user: the copy is kept per user. */
  userId: string | null;
  /** A new post, not yet stored: a copy is kept until it is saved or discarded. */
  keepsCopy: boolean;
  state: ComposerState;
  /** What "holds anything" compares with: the empty composition, or the stored post as loaded (null while it loads). */
  baseline: ComposerState | null;
  onRestore: (state: ComposerState) => void;
  onClose: () => void;
}

function describe(post: UnsentPost): string {
  const platform = post.state.platform ? getPlatform(post.state.platform).displayName : null;
  const text = post.state.items.map((item) => item.content.trim()).find(Boolean) ?? '';
  const files = post.state.items.reduce((n, item) => n + item.media.length, 0);
  const what = platform ? `an unsent ${platform} post` : 'an unsent post';
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
  state,
  baseline,
  onRestore,
  onClose,
}: UseUnsentPostOptions) {
  const [offer, setOffer] = useState<UnsentPost | null>(null);
  // No copy is written until the stored one has been looked at (and offered back).
  const [checked, setChecked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const copying = open && keepsCopy && Boolean(userId);
  const dirty = baseline ? hasChanges(state, baseline) : false;

  useEffect(() => {
    if (!copying || !userId) return;
    setOffer(loadUnsentPost(userId));
    setChecked(true);
  }, [copying, userId]);

  useEffect(() => {
    if (!copying || !checked || offer || !userId) return;
    if (dirty) saveUnsentPost(userId, state);
    else clearUnsentPost(userId);
  }, [copying, checked, offer, userId, dirty, state]);

  function requestClose() {
    // With the question about an earlier post still open, closing leaves that post kept.
    if (dirty && !offer) setConfirming(true);
    else onClose();
  }

  function clearCopy() {
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
          if (offer) onRestore(offer.state);
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
