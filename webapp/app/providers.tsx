import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { onUnauthorized } from '../lib/api-client';
import { sessionQueryKey } from '../shared/session/get-session';
import { getSessionEnd, markSessionEnded, SESSION_EXPIRED_MESSAGE } from '../shared/session/session-end';

/**
 * React Query. A 401 from any API call while signed in sets the session to
 * signed out, so the route guard sends the user to /login (the one client-side interceptor).
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(
    () =>
      onUnauthorized(() => {
        if (!queryClient.getQueryData(sessionQueryKey)) return;
        // An ending the app already knows (the account was just deleted) keeps its own message.
        if (!getSessionEnd()) markSessionEnded({ message: SESSION_EXPIRED_MESSAGE, rememberOrigin: true });
        queryClient.setQueryData(sessionQueryKey, null);
      }),
    [queryClient],
  );
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
