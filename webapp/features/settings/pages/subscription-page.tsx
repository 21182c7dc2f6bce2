import { EmptyState } from '../../../components/empty-state';
import { SettingsSection } from './settings-section';

/** `/settings/subscription`: subscription details (the billing feature fills this). */
export function SubscriptionPage() {
  return (
    <SettingsSection title="Subscription" description="Your plan and billing.">
      <EmptyState title="No active subscription found." />
    </SettingsSection>
  );
}
