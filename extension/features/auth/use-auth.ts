import { useEffect, useState } from 'react';
import { getAuth, getAuthNotice, onAuthChanged, type StoredAuth } from '../../lib/auth-store';

/** The stored sign-in, live across the extension's pages; undefined while loading. */
export function useAuth(): { auth: StoredAuth | null | undefined; notice: string | null } {
  const [state, setState] = useState<{ auth: StoredAuth | null | undefined; notice: string | null }>({
    auth: undefined,
    notice: null,
  });
  useEffect(() => {
    const controller = new AbortController();
    const load = async () => setState({ auth: await getAuth(), notice: await getAuthNotice() });
    void load();
    onAuthChanged(() => void load(), controller.signal);
    return () => controller.abort();
  }, []);
  return state;
}
