import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { IDLE_SESSION_MINUTES } from '../../../shared/auth/session';
import { sessionQueryKey } from '../../shared/session/get-session';
import { SESSION_EXPIRED_MESSAGE } from '../../shared/session/session-end';
import { useSignOut } from '../../shared/session/use-sign-out';

/** Spec 01 section 9: the server's idle minutes, checked every 60 s, warning in the last 5 minutes. */
export const INACTIVITY_TIMEOUT_MS = IDLE_SESSION_MINUTES * 60_000;
const INACTIVITY_CHECK_MS = 60_000;
const INACTIVITY_WARNING_MS = 5 * 60_000;

const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'scroll', 'touchstart'] as const;

/** Whole minutes shown in the warning, or null outside the warning window. */
export function getMinutesLeft(idleMs: number): number | null {
  const left = INACTIVITY_TIMEOUT_MS - idleMs;
  if (left > INACTIVITY_WARNING_MS || left <= 0) return null;
  return Math.ceil(left / 60_000);
}

/**
 * Signs the user out after 30 idle minutes and exposes the last-5-minutes warning. Elapsed time is
 * measured from timestamps, so a throttled background tab still signs out on its next tick.
 */
export function useInactivitySignOut() {
  const queryClient = useQueryClient();
  const { signOut } = useSignOut();
  const lastActivity = useRef(Date.now());
  const [minutesLeft, setMinutesLeft] = useState<number | null>(null);

  const signOutNow = useCallback(
    () => signOut({ message: SESSION_EXPIRED_MESSAGE, rememberOrigin: true }),
    [signOut],
  );

  useEffect(() => {
    function onActivity() {
      lastActivity.current = Date.now();
    }
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    }
    const timer = window.setInterval(() => {
      const idle = Date.now() - lastActivity.current;
      if (idle >= INACTIVITY_TIMEOUT_MS) {
        window.clearInterval(timer);
        setMinutesLeft(null);
        void signOut({ message: SESSION_EXPIRED_MESSAGE, rememberOrigin: true });
        return;
      }
      setMinutesLeft(getMinutesLeft(idle));
    }, INACTIVITY_CHECK_MS);
    return () => {
      window.clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) {
        window.removeEventListener(name, onActivity, { capture: true });
      }
    };
  }, [signOut]);

  /** 'Stay signed in': counts as activity and touches the server session so it is extended too. */
  const stayActive = useCallback(() => {
    lastActivity.current = Date.now();
    setMinutesLeft(null);
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [queryClient]);

  return { minutesLeft, stayActive, signOutNow };
}
