import { useEffect } from 'react';
import { restorePushSubscription } from '../api/push-subscription';

/** Once per signed-in app load: ties this browser's existing push subscription to the session. */
export function useRestorePush(): void {
  useEffect(() => {
    restorePushSubscription().catch(() => undefined);
  }, []);
}
