import { useEffect, useRef, useState } from 'react';
import {
  CATEGORY_LABELS,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationCategory,
  type NotificationPreferences,
} from '../../../../shared/settings/notification-preferences';
import { LoadingCard } from '../../../components/loading-card';
import { SettingsSection } from '../../../components/settings-section';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences';
import { pushSupport, subscribeToPush } from '../api/push-subscription';
import { Switch } from '../components/switch';

/** Spec 02 section 4: the save status shows for 3 seconds. */
const STATUS_MS = 3000;
type Channel = 'email' | 'push';

/**
 * `/settings/notifications`: e-mail and push per category, all off until chosen. Each switch
 * saves at once. Turning push on asks the browser for permission and subscribes it first.
 */
export function NotificationSettingsPage() {
  const query = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // The switch just saved says 'Saved' beside itself, where the eye is (the line below the table
  // says it for the page and for screen readers).
  const [savedSwitch, setSavedSwitch] = useState<string | null>(null);
  const [pushProblem, setPushProblem] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function show(next: { tone: 'success' | 'error'; text: string }, saved: string | null = null) {
    setStatus(next);
    setSavedSwitch(saved);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setStatus(null);
      setSavedSwitch(null);
    }, STATUS_MS);
  }

  async function toggle(category: NotificationCategory, channel: Channel, on: boolean) {
    if (!query.data) return;
    setPushProblem(null);
    if (channel === 'push' && on) {
      const result = await subscribeToPush().catch(() => 'unsupported' as const);
      if (result !== 'supported') {
        setPushProblem(
          result === 'blocked'
            ? NOTIFICATION_SETTINGS_MESSAGES.pushBlocked
            : NOTIFICATION_SETTINGS_MESSAGES.pushUnsupported,
        );
        return;
      }
    }
    const next: NotificationPreferences = {
      ...query.data,
      [category]: { ...query.data[category], [channel]: on },
    };
    save.mutate(next, {
      onSuccess: () =>
        show({ tone: 'success', text: NOTIFICATION_SETTINGS_MESSAGES.saved }, `${category}.${channel}`),
      onError: () => show({ tone: 'error', text: NOTIFICATION_SETTINGS_MESSAGES.failed }),
    });
  }

  return (
    <SettingsSection
      title="Notifications"
      description="Choose what reaches you by e-mail and as browser notifications. In-app notifications and the extension's badge always work."
    >
      {query.isPending ? (
        <LoadingCard size="sm" message="Loading your preferences..." />
      ) : query.error || !query.data ? (
        <p role="alert" className="text-red-600 text-sm">
          Failed to load your notification preferences. Please refresh the page.
        </p>
      ) : (
        <>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-gray-200 border-b text-gray-500 text-xs uppercase tracking-wide">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Category
                </th>
                <th scope="col" className="w-20 py-2 text-center font-semibold">
                  Email
                </th>
                <th scope="col" className="w-20 py-2 text-center font-semibold">
                  Push
                </th>
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_CATEGORIES.map((category) => (
                <tr key={category} className="border-gray-100 border-b last:border-0">
                  <th scope="row" className="py-3 pr-4 align-top font-normal">
                    <span className="block font-medium text-gray-900">{CATEGORY_LABELS[category].label}</span>
                    <span className="block text-gray-500 text-xs">
                      {CATEGORY_LABELS[category].description}
                    </span>
                  </th>
                  {(['email', 'push'] as const).map((channel) => (
                    <td key={channel} className="py-3 text-center align-top">
                      <Switch
                        label={`${CATEGORY_LABELS[category].label} by ${channel === 'email' ? 'email' : 'push'}`}
                        checked={query.data[category][channel]}
                        disabled={save.isPending}
                        onChange={(on) => void toggle(category, channel, on)}
                      />
                      <span aria-hidden="true" className="block h-4 font-medium text-green-700 text-xs">
                        {savedSwitch === `${category}.${channel}` ? 'Saved' : ''}
                      </span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {pushProblem || pushSupport() === 'blocked' ? (
            <p
              role="alert"
              className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm"
            >
              {pushProblem ?? NOTIFICATION_SETTINGS_MESSAGES.pushBlocked}
            </p>
          ) : null}
          <p
            role="status"
            aria-live="polite"
            className={`mt-4 min-h-5 text-sm ${status?.tone === 'error' ? 'text-red-600' : 'text-green-700'}`}
          >
            {status?.text ?? ''}
          </p>
        </>
      )}
    </SettingsSection>
  );
}
