import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';

export function logout(): Promise<{ ok: true }> {
  return api('/api/auth/logout', { method: 'POST' });
}

/** Ends the session on the server, forgets every cached answer and opens /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // Already signed out on the server: finishing locally is what the user asked for.
    }
    queryClient.clear();
    queryClient.setQueryData(sessionQueryKey, null);
    navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}
