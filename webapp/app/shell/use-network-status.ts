import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { sessionQueryKey } from '../../shared/session/get-session';

/** Fired on window once the connection is back and verified; features refetch what they show. */
const RECONNECTED_EVENT = 'postloom:reconnected';

/** Spec 01 section 9: 3 tries, waiting 1 s then 2 s between them. */
const RETRY_WAITS_MS = [1000, 2000];

/** Asks the server's health route until it answers, at most 3 times. */
export async function checkConnection(
  fetchHealth: () => Promise<Response> = () => fetch('/api/health', { cache: 'no-store' }),
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<boolean> {
  for (let attempt = 0; attempt <= RETRY_WAITS_MS.length; attempt += 1) {
    try {
      const response = await fetchHealth();
      if (response.ok) return true;
    } catch {
      // still offline
    }
    const delay = RETRY_WAITS_MS[attempt];
    if (delay === undefined) break;
    await wait(delay);
  }
  return false;
}

/** The offline flag plus the reconnect routine: check, refresh the session, announce. */
export function useNetworkStatus() {
  const queryClient = useQueryClient();
  const [isOnline, setIsOnline] = useState(() => navigator.onLine);

  useEffect(() => {
    let cancelled = false;
    function onOffline() {
      setIsOnline(false);
    }
    async function onOnline() {
      setIsOnline(true);
      if (!(await checkConnection()) || cancelled) return;
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      if (!cancelled) window.dispatchEvent(new CustomEvent(RECONNECTED_EVENT));
    }
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      cancelled = true;
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient]);

  return { isOnline };
}
