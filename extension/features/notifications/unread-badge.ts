import { browser } from 'wxt/browser';
import type { NotificationsResult } from '../../../shared/notifications/api';
import { unreadBadgeText } from '../../../shared/notifications/api';
import { apiRequest } from '../../lib/api-client';
import { getAuth, onAuthChanged } from '../../lib/auth-store';

export const BADGE_ALARM = 'refresh-badge';

/** The unread count on the toolbar icon ('99+' above 99); empty when signed out or nothing is unread. */
export async function refreshBadge(): Promise<string> {
  let text = '';
  if (await getAuth()) {
    try {
      const { unreadCount } = await apiRequest<NotificationsResult>('/api/notifications');
      text = unreadBadgeText(unreadCount);
    } catch {
      // A 401 signed the user out (text stays empty); a network failure also shows nothing stale.
      text = '';
    }
  }
  await browser.action.setBadgeText({ text });
  if (text) await browser.action.setBadgeBackgroundColor({ color: '#dc2626' });
  return text;
}

/** Every minute, and whenever the sign-in changes (signed in, out, or expired). */
export function initUnreadBadge(signal: AbortSignal): void {
  void browser.alarms.create(BADGE_ALARM, { periodInMinutes: 1 });
  const onAlarm = (alarm: { name: string }) => {
    if (alarm.name === BADGE_ALARM) void refreshBadge();
  };
  browser.alarms.onAlarm.addListener(onAlarm);
  signal.addEventListener('abort', () => browser.alarms.onAlarm.removeListener(onAlarm));
  onAuthChanged(() => void refreshBadge(), signal);
  void refreshBadge();
}
