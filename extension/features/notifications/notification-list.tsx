import { useCallback, useEffect, useState } from 'react';
import type { NotificationDto, NotificationsResult } from '../../../shared/notifications/api';
import type { Preferences } from '../../../shared/settings/preferences';
import { formatDateTime } from '../../../shared/time/format';
import { apiRequest, loadErrorMessage } from '../../lib/api-client';
import { sendToBackground } from '../../lib/messages';

const SHOWN = 5;

/**
 * The latest notifications with mark-as-read; the badge is refreshed after each change. Times read
 * as everywhere else: the user's zone and clock ('Nov 25, 2026 05:38').
 */
export function NotificationList({ reloadKey }: { reloadKey: number }) {
  const [result, setResult] = useState<NotificationsResult | null>(null);
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [notifications, prefs] = await Promise.all([
        apiRequest<NotificationsResult>('/api/notifications'),
        apiRequest<Preferences>('/api/settings/preferences'),
      ]);
      setResult(notifications);
      setPreferences(prefs);
      setError(null);
    } catch (caught) {
      setError(loadErrorMessage(caught));
    }
  }, []);

  useEffect(() => {
    void reloadKey;
    void load();
  }, [load, reloadKey]);

  async function markRead(ids: string[], all = false) {
    try {
      await apiRequest(all ? '/api/notifications/read-all' : '/api/notifications/read', {
        method: 'POST',
        body: all ? {} : { ids },
      });
      await load();
      await sendToBackground('badge:refresh', {});
    } catch (caught) {
      setError(loadErrorMessage(caught));
    }
  }

  const items: NotificationDto[] = result?.notifications.slice(0, SHOWN) ?? [];
  return (
    <section className="card" aria-label="Notifications">
      <div className="spread">
        <h2>Notifications{result?.unreadCount ? ` (${result.unreadCount} unread)` : ''}</h2>
        {result?.unreadCount ? (
          <button type="button" className="link" onClick={() => void markRead([], true)}>
            Mark all as read
          </button>
        ) : null}
      </div>
      {error ? <p className="error">{error}</p> : null}
      {result && items.length === 0 ? <p className="muted">No notifications yet.</p> : null}
      <ul className="notifications">
        {items.map((n) => (
          <li key={n.id} className={n.read ? '' : 'unread'}>
            <div className="spread">
              <strong>{n.title}</strong>
              {n.read ? null : (
                <button type="button" className="link" onClick={() => void markRead([n.id])}>
                  Mark as read
                </button>
              )}
            </div>
            <div>{n.message}</div>
            <div className="muted">
              <time dateTime={n.createdAt}>
                {formatDateTime(
                  n.createdAt,
                  preferences?.timezone ?? 'UTC',
                  preferences?.timeFormat ?? '24h',
                )}
              </time>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
