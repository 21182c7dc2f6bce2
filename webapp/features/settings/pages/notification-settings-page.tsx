import { EmptyState } from '../../../components/empty-state';
import { SettingsSection } from './settings-section';

/** `/settings/notifications`: notification preferences per category (not built yet). */
export function NotificationSettingsPage() {
  return (
    <SettingsSection
      title="Notifications"
      description="Choose which e-mail and push notifications you receive."
    >
      <EmptyState
        title="Coming soon"
        description="Notification preferences are not available yet. You will keep receiving in-app notifications."
      />
    </SettingsSection>
  );
}
