import { useMutation } from '@tanstack/react-query';
import type { PlatformId } from '../../../../shared/platforms/ids';
import { api } from '../../../lib/api-client';

export async function getConnectUrl(platform: PlatformId): Promise<string> {
  const { url } = await api<{ url: string }>(`/api/accounts/${platform}/connect`);
  return url;
}

const POPUP_FEATURES = 'popup,width=600,height=760';

/**
 * Sends the browser to the platform's authorization page. TikTok opens in a popup that reports
 * back with postMessage (spec 01 section 4); if the popup is blocked it navigates like the others.
 */
export function useConnectAccount() {
  return useMutation({
    mutationFn: async (platform: PlatformId) => {
      const popup =
        platform === 'tiktok' ? window.open('about:blank', 'postloom-tiktok', POPUP_FEATURES) : null;
      try {
        const url = await getConnectUrl(platform);
        if (popup && !popup.closed) popup.location.href = url;
        else window.location.assign(url);
      } catch (error) {
        popup?.close();
        throw error;
      }
    },
  });
}
