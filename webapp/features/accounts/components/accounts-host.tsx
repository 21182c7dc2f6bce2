import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { accountKeys } from '../../../lib/query-keys';
import { closeConnectModal, useConnectModalOpen } from '../../../shared/accounts/connect-modal-store';
import { readPopupMessage, takeFeedback } from '../oauth-feedback';
import { ConnectAccountModal } from './connect-account-modal';

const FEEDBACK_TOAST_MS = 5000;

// The sidebar is mounted twice on small screens (desktop aside + drawer): the first mounted
// host owns the modal, the feedback toast and the popup listener, so nothing happens twice.
const hosts: string[] = [];
const hostListeners = new Set<() => void>();
function useIsPrimaryHost(id: string): boolean {
  useEffect(() => {
    hosts.push(id);
    for (const l of hostListeners) l();
    return () => {
      hosts.splice(hosts.indexOf(id), 1);
      for (const l of hostListeners) l();
    };
  }, [id]);
  return useSyncExternalStore(
    (listener) => {
      hostListeners.add(listener);
      return () => hostListeners.delete(listener);
    },
    () => hosts[0] === id,
    () => false,
  );
}

/** The Connect Account modal, the oauth_feedback toast on /dashboard and the popup messages. */
export function AccountsHost() {
  const id = useId();
  const isPrimary = useIsPrimaryHost(id);
  const open = useConnectModalOpen();
  const queryClient = useQueryClient();
  const location = useLocation();

  useEffect(() => {
    if (!isPrimary || (location.pathname !== '/dashboard' && location.pathname !== '/')) return;
    const feedback = takeFeedback();
    if (!feedback) return;
    if (feedback.type === 'success') toast.success(feedback.message, { duration: FEEDBACK_TOAST_MS });
    else toast.error(feedback.message, { duration: FEEDBACK_TOAST_MS });
    void queryClient.invalidateQueries({ queryKey: accountKeys.all });
  }, [isPrimary, location.pathname, queryClient]);

  useEffect(() => {
    if (!isPrimary) return;
    function onMessage(event: MessageEvent) {
      const message = readPopupMessage(event);
      if (!message) return;
      switch (message.type) {
        case 'TIKTOK_AUTH_SUCCESS':
          toast.success(message.feedback?.message ?? 'TikTok account connected successfully!', {
            duration: FEEDBACK_TOAST_MS,
          });
          queryClient.invalidateQueries({ queryKey: accountKeys.all }).catch((error: unknown) => {
            console.error('Refreshing accounts failed', error);
          });
          break;
        case 'TIKTOK_AUTH_ERROR':
          toast.error(message.feedback?.message ?? 'Authentication failed', { duration: FEEDBACK_TOAST_MS });
          break;
        case 'TWITTER_AUTH_SUCCESS':
          void queryClient.invalidateQueries({ queryKey: accountKeys.all });
          break;
        case 'TWITTER_AUTH_ERROR':
          // Spec 01 section 8: only logged, no user message.
          console.error('Twitter authentication failed', message.error);
          break;
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [isPrimary, queryClient]);

  if (!isPrimary) return null;
  return <ConnectAccountModal open={open} onClose={closeConnectModal} />;
}
