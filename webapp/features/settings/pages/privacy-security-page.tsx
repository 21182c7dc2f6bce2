import { EmptyState } from '../../../components/empty-state';
import { SettingsSection } from './settings-section';

/** `/settings/privacy`: Privacy & Security (the change-password and delete-account dialogs come later). */
export function PrivacySecurityPage() {
  return (
    <SettingsSection title="Privacy & Security" description="Your password and your account.">
      <EmptyState
        title="Coming soon"
        description="Changing your password and deleting your account from here are not available yet. To delete your account now, contact support."
      />
    </SettingsSection>
  );
}
