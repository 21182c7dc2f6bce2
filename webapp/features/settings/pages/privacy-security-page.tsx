import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../components/button';
import { SettingsSection } from '../../../components/settings-section';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { SessionsList } from '../components/sessions-list';

/**
 * `/settings/privacy`: Privacy & Security. Change Password and Delete Account dialogs (spec 02),
 * the active sessions with "Sign out", and "Download my data". `/settings/delete-account` (linked
 * from the data-deletion page) opens the delete dialog at once.
 */
export function PrivacySecurityPage({ openDelete = false }: { openDelete?: boolean }) {
  const [dialog, setDialog] = useState<'password' | 'delete' | null>(openDelete ? 'delete' : null);
  // Set by the Google callback page when a "Confirm with Google" failed.
  const reauthError = (useLocation().state as { reauthError?: string } | null)?.reauthError ?? null;
  return (
    <div className="flex flex-col gap-6">
      <SettingsSection title="Privacy & Security" description="Your password and where you are signed in.">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h3 className="font-medium text-gray-900 text-sm">Password</h3>
            <p className="text-gray-500 text-sm">You can change it once every 24 hours.</p>
          </div>
          <Button variant="secondary" onClick={() => setDialog('password')}>
            Change Password
          </Button>
        </div>
        <h3 className="mt-6 mb-2 font-medium text-gray-900 text-sm">Active sessions</h3>
        <SessionsList />
      </SettingsSection>

      <SettingsSection title="Your data" description="A copy of everything Postloom keeps about you.">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-gray-600 text-sm">
            Profile, posts, analytics, notifications and media, as JSON files and originals in a zip.
          </p>
          <a
            href="/api/settings/export"
            download
            className="inline-flex h-10 items-center rounded-lg border border-gray-300 bg-white px-4 font-medium text-gray-700 text-sm shadow-sm hover:bg-gray-50"
          >
            Download my data
          </a>
        </div>
      </SettingsSection>

      <SettingsSection title="Delete account" description="Permanently delete your account and all its data.">
        <Button variant="danger" onClick={() => setDialog('delete')}>
          Delete Account
        </Button>
      </SettingsSection>

      <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
      <DeleteAccountDialog
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        reauthError={reauthError}
      />
    </div>
  );
}
