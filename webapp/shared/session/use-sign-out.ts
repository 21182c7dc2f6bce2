import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { sessionQueryKey } from './get-session';
import { logout } from './logout';
import { RETURN_TO_KEY } from './return-to';
import { markSessionEnded, type SessionEnd } from './session-end';

/**
 * Ends the session on the server, drops every other cached query and lets the route guard send the
 * user to /login (with `end.message` as navigation state). A failed server call still signs out
 * locally: the user asked to leave.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [isSigningOut, setIsSigningOut] = useState(false);

  const signOut = useCallback(
    async (end: SessionEnd = { rememberOrigin: false }) => {
      setIsSigningOut(true);
      try {
        await logout();
      } catch {
        // the cookie may already be gone; signing out locally is what matters
      }
      if (!end.rememberOrigin) {
        try {
          sessionStorage.removeItem(RETURN_TO_KEY);
        } catch {
          // storage disabled
        }
      }
      markSessionEnded(end);
      await queryClient.cancelQueries();
      // The guard observes the session query: set it (not clear it) so the guard sees the change,
      // then drop every other cached answer so the next user starts clean.
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(sessionQueryKey) });
      setIsSigningOut(false);
    },
    [queryClient],
  );

  return { signOut, isSigningOut };
}
