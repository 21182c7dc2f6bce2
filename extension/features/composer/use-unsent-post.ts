import { useEffect, useState } from 'react';
import { clearUnsentPost, getUnsentPost, saveUnsentPost, type UnsentPopupPost } from './unsent-post';

type Draft = Omit<UnsentPopupPost, 'savedAt'>;

/**
 * Keeps the popup's composition in storage while it holds the user's work (`holds`), once the
 * stored one (if any) has been offered back: `offer` is that earlier post until the user
 * restores or discards it.
 */
export function useUnsentPost(userId: string | null, draft: Draft, holds: boolean) {
  const [offer, setOffer] = useState<UnsentPopupPost | null>(null);
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    void getUnsentPost(userId).then((post) => {
      if (!live) return;
      setOffer(post);
      setChecked(true);
    });
    return () => {
      live = false;
    };
  }, [userId]);

  const { content, accountIds, media, when } = draft;
  useEffect(() => {
    if (!userId || !checked || offer) return;
    if (holds)
      void saveUnsentPost(userId, { content, accountIds, media, when, savedAt: new Date().toISOString() });
    else void clearUnsentPost(userId);
  }, [userId, checked, offer, holds, content, accountIds, media, when]);

  return {
    offer,
    /** The earlier post was taken back into the composer, or thrown away. */
    answered: () => setOffer(null),
    clear: async () => {
      setOffer(null);
      if (userId) await clearUnsentPost(userId);
    },
  };
}
