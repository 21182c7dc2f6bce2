import { useMemo, useState } from 'react';
import { getPlatform } from '../../../../shared/platforms/registry';
import { noAccountConnectedMessage } from '../../../../shared/posts/constants';
import type { VersionProblemDto } from '../../../../shared/posts/post-groups';
import { tooLongMessage } from '../../../../shared/posts/validate-post';
import { useAccounts } from '../../accounts/list-accounts';
import { usePreferences } from '../../preferences/preferences';
import { groupProblems, problemSummary } from './group-problems';
import { type GroupComposerState, isUploadingGroup } from './group-state';
import type { CompositionMode } from './single-target';
import { useIdenticalTimes } from './use-identical-times';
import { useStableValue } from './use-stable';

/**
 * What stands between the composition and Schedule / Post Now / Add to queue, computed from the
 * state as it was after the keystroke (`deferred`), so typing never waits for it: each account's
 * problems with the spec's messages, the buttons' summary ("Fix 2 problems: ..."), the problems a
 * refused request listed (until the next edit), and whether nothing can be saved yet.
 */
export function useComposerChecks({
  state,
  deferred,
  single,
  postIdOf,
}: {
  state: GroupComposerState;
  deferred: GroupComposerState;
  single: CompositionMode;
  postIdOf: (accountId: string) => string | undefined;
}) {
  const accounts = useAccounts().data ?? [];
  const { timezone, timeFormat } = usePreferences();
  const [refused, setRefused] = useState<{ problems: VersionProblemDto[]; state: GroupComposerState } | null>(
    null,
  );
  const alone = single.kind === 'one';
  // The one-account composer warns about repeated text as before (DuplicateTextNotice), without blocking.
  const identical = useIdenticalTimes(deferred, { postIdOf, timezone, timeFormat, enabled: !alone });
  // The same problems after a keystroke are the same array: chips and tabs are not drawn again.
  const computed = useStableValue(
    useMemo(() => groupProblems(deferred, 'schedule', identical), [deferred, identical]),
  );
  const problems = useMemo(() => {
    if (!refused || refused.state !== state) return computed;
    const seen = new Set(computed.map((p) => `${p.accountId}\u0000${p.message}`));
    return [...computed, ...refused.problems.filter((p) => !seen.has(`${p.accountId}\u0000${p.message}`))];
  }, [computed, refused, state]);
  const byAccount = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const problem of problems) {
      const list = map.get(problem.accountId) ?? [];
      if (!list.includes(problem.message)) list.push(problem.message);
      map.set(problem.accountId, list);
    }
    return map;
  }, [problems]);
  const { accounts: chosen, missingPlatforms } = deferred;
  const summary = useMemo(() => {
    const named = chosen.map((chosen) => ({
      ...chosen,
      accountName: accounts.find((account) => account.id === chosen.id)?.accountName ?? chosen.id,
    }));
    const text = problemSummary(problems, named, identical)?.text ?? null;
    const missing = missingPlatforms.map((p) => noAccountConnectedMessage(getPlatform(p).displayName));
    if (missing.length === 0) return text;
    return text ? `${text}; ${missing.join('; ')}` : missing.join('; ');
  }, [problems, chosen, missingPlatforms, accounts, identical]);
  // The spec's one-platform composer cannot save text over the limit or an article without its link.
  const singleBlock =
    alone &&
    computed.some((p) => p.message === tooLongMessage(p.platform) || p.field === 'metadata.articleUrl');
  const blocked =
    single.kind === 'none' || state.missingPlatforms.length > 0 || isUploadingGroup(state) || singleBlock;
  return {
    problems,
    byAccount,
    summary,
    identical,
    blocked,
    setRefused: (list: VersionProblemDto[]) => setRefused({ problems: list, state }),
    clearRefused: () => setRefused(null),
  };
}
