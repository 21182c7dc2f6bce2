import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Preferences, TimeFormat, UpdatePreferencesInput } from '../../../shared/settings/preferences';
import { api } from '../../lib/api-client';

export type { TimeFormat };

export const preferencesQueryKey = ['preferences'] as const;

/** Spec 02 section 9: when the user never chose, guess the zone from the browser and 12h/24h from the locale. */
function guessBrowserPreferences(): Preferences {
  let timezone = 'UTC';
  let timeFormat: TimeFormat = '24h';
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    const hourCycle = new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).resolvedOptions().hourCycle;
    timeFormat = hourCycle === 'h11' || hourCycle === 'h12' ? '12h' : '24h';
  } catch {
    // very old browsers: keep the spec defaults (UTC, 24h)
  }
  return { timezone, timeFormat };
}

async function getPreferences(): Promise<Preferences> {
  const guess = guessBrowserPreferences();
  const stored = await api<Partial<Preferences> | null>('/api/settings/preferences').catch(() => null);
  return {
    timezone: stored?.timezone || guess.timezone,
    timeFormat:
      stored?.timeFormat === '12h' || stored?.timeFormat === '24h' ? stored.timeFormat : guess.timeFormat,
  };
}

function preferencesQueryOptions() {
  return queryOptions({ queryKey: preferencesQueryKey, queryFn: getPreferences, staleTime: 5 * 60_000 });
}

/** The user's timezone and time format; the browser's guess until the server answers. */
export function usePreferences(): Preferences {
  const { data } = useQuery(preferencesQueryOptions());
  return data ?? guessBrowserPreferences();
}

function updatePreferences(input: UpdatePreferencesInput): Promise<Preferences> {
  return api<Preferences>('/api/settings/preferences', { method: 'PATCH', json: input });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preferencesQueryKey }),
  });
}
