import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { refusesDuplicateText } from '../../../../shared/platforms/posting-rules';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { formatDateTime } from '../../../../shared/time/format';
import { type IdenticalPostCheck, identicalPostQueryOptions } from '../api/find-identical-post';
import type { IdenticalTimes } from './group-problems';
import { type GroupComposerState, targetOfAccount, versionOf } from './group-state';

/** How long the text rests before the server is asked. */
const CHECK_AFTER_MS = 500;

/**
 * For every chosen account whose platform refuses repeated text (X), whether it already has this
 * version's text within 24 hours of when it goes out: the other post's time in the user's zone
 * and clock, by account. Asked once the text rests; the group's own posts are not compared with
 * themselves.
 */
export function useIdenticalTimes(
  state: GroupComposerState,
  options: {
    postIdOf: (accountId: string) => string | undefined;
    timezone: string;
    timeFormat: TimeFormat;
    /** Off: nothing is asked (the one-account composer says it with DuplicateTextNotice). */
    enabled: boolean;
  },
): IdenticalTimes {
  const { postIdOf, enabled } = options;
  // Worked out when the composition changes, not on every render of the composer.
  const wanted: IdenticalPostCheck[] = useMemo(
    () =>
      (enabled ? state.accounts : []).flatMap((account) => {
        const version = versionOf(state, targetOfAccount(state, account));
        const hasMedia = version.media.length > 0;
        if (!version.content.trim() || !refusesDuplicateText(account.platform, hasMedia)) return [];
        const excludePostId = postIdOf(account.id);
        return [
          {
            socialAccountId: account.id,
            content: version.content,
            hasMedia,
            at: state.scheduledAt,
            ...(excludePostId ? { excludePostId } : {}),
          },
        ];
      }),
    [state, postIdOf, enabled],
  );
  const key = useMemo(() => JSON.stringify(wanted), [wanted]);
  const [checks, setChecks] = useState<IdenticalPostCheck[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised checks are the dependency
  useEffect(() => {
    const timer = setTimeout(() => setChecks(wanted), CHECK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const answers = useQueries({ queries: checks.map((check) => identicalPostQueryOptions(check)) });
  const times: Record<string, string> = {};
  // An answer for text that has changed since is not said.
  if (JSON.stringify(checks) === key) {
    checks.forEach((check, index) => {
      const at = answers[index]?.data?.identicalAt;
      if (at) times[check.socialAccountId] = formatDateTime(at, options.timezone, options.timeFormat);
    });
  }
  const serialised = JSON.stringify(times);
  // The same answer is the same object, so what is computed from it is not computed again.
  return useMemo(() => JSON.parse(serialised) as IdenticalTimes, [serialised]);
}
