import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../../shared/http/api-error';
import { DISPLAY_NAME_MAX, LANGUAGES, type TimeFormat } from '../../../../shared/settings/preferences';
import { Button } from '../../../components/button';
import { SettingsSection } from '../../../components/settings-section';
import { TextField } from '../../../components/text-field';
import { useUpdatePreferences } from '../../../shared/preferences/preferences';
import { useSession } from '../../../shared/session/get-session';
import { useProfile } from '../api/profile';

/** Every IANA zone the browser knows, with the user's current one kept even if it is not listed. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/**
 * `/settings/profile`: Personal Information. The e-mail is read-only (spec 02 section 2); name,
 * time zone, language and clock are the same preferences the posting schedule uses.
 */
export function ProfilePage() {
  const { data: user } = useSession();
  const profile = useProfile();
  const save = useUpdatePreferences();
  const emailId = useId();
  const zoneId = useId();
  const languageId = useId();
  const [displayName, setDisplayName] = useState('');
  const [timezone, setTimezone] = useState('UTC');
  const [language, setLanguage] = useState('en');
  const [timeFormat, setTimeFormat] = useState<TimeFormat>('24h');

  useEffect(() => {
    if (!profile.data) return;
    setDisplayName(profile.data.displayName ?? '');
    setTimezone(profile.data.timezone);
    setLanguage(profile.data.language ?? 'en');
    setTimeFormat(profile.data.timeFormat);
  }, [profile.data]);

  const zones = useMemo(() => timeZones(timezone), [timezone]);
  const nameError =
    displayName.trim().length > DISPLAY_NAME_MAX ? 'Your name can be at most 100 characters.' : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (nameError) return;
    save.mutate(
      { displayName: displayName.trim(), timezone, language, timeFormat },
      {
        onSuccess: () => toast.success('Profile saved'),
        onError: (error) =>
          toast.error(
            error instanceof ApiError ? error.message : 'Failed to save your profile. Please try again.',
          ),
      },
    );
  }

  return (
    <SettingsSection title="Personal Information" description="The details of your Postloom account.">
      <form onSubmit={submit} noValidate className="max-w-md">
        <label htmlFor={emailId} className="mb-1 block font-medium text-gray-700 text-sm">
          Email
        </label>
        <input
          id={emailId}
          type="email"
          value={user?.email ?? ''}
          readOnly
          aria-readonly="true"
          className="block h-11 w-full rounded-lg border border-gray-300 bg-gray-50 px-3 text-gray-700 text-sm"
        />
        <p className="mt-1 mb-4 text-gray-500 text-xs">Your email address cannot be changed here.</p>

        <TextField
          label="Display name"
          value={displayName}
          maxLength={DISPLAY_NAME_MAX + 20}
          autoComplete="name"
          placeholder="How Postloom greets you"
          error={nameError}
          onChange={(event) => setDisplayName(event.target.value)}
        />

        <label htmlFor={zoneId} className="mb-1 block font-medium text-gray-700 text-sm">
          Time zone
        </label>
        <select
          id={zoneId}
          value={timezone}
          onChange={(event) => setTimezone(event.target.value)}
          className="mb-4 block h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm"
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </select>

        <label htmlFor={languageId} className="mb-1 block font-medium text-gray-700 text-sm">
          Language
        </label>
        <select
          id={languageId}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
          className="mb-4 block h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm"
        >
          {LANGUAGES.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>

        <fieldset className="mb-6">
          <legend className="mb-1 font-medium text-gray-700 text-sm">Time format</legend>
          <div className="flex gap-4">
            {(['12h', '24h'] as const).map((format) => (
              <label key={format} className="inline-flex items-center gap-2 text-gray-700 text-sm">
                <input
                  type="radio"
                  name="timeFormat"
                  value={format}
                  checked={timeFormat === format}
                  onChange={() => setTimeFormat(format)}
                />
                {format === '12h' ? '12-hour (2:30 PM)' : '24-hour (14:30)'}
              </label>
            ))}
          </div>
        </fieldset>

        <Button type="submit" loading={save.isPending} disabled={profile.isPending || Boolean(nameError)}>
          Save changes
        </Button>
      </form>
    </SettingsSection>
  );
}
