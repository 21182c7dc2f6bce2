import { useId } from 'react';
import { useSession } from '../../auth/api/get-session';
import { SettingsSection } from './settings-section';

/** `/settings/profile`: Personal Information. The e-mail is read-only (spec 02 section 2). */
export function ProfilePage() {
  const { data: user } = useSession();
  const emailId = useId();
  return (
    <SettingsSection title="Personal Information" description="The details of your Postloom account.">
      <label htmlFor={emailId} className="block font-medium text-gray-700 text-sm">
        Email
      </label>
      <input
        id={emailId}
        type="email"
        value={user?.email ?? ''}
        readOnly
        aria-readonly="true"
        className="mt-1 block w-full max-w-md rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 text-gray-700 text-sm"
      />
      <p className="mt-2 text-gray-500 text-xs">Your email address cannot be changed here.</p>
    </SettingsSection>
  );
}
