import { useEffect, useState } from 'react';
import type { AccountDto } from '../../../shared/accounts/account';
import { duplicateTextWarning, refusesDuplicateText } from '../../../shared/platforms/posting-rules';
import { getPlatform } from '../../../shared/platforms/registry';
import type { TimeFormat } from '../../../shared/settings/preferences';
import { formatDateTime } from '../../../shared/time/format';
import { type IdenticalPostCheck, useIdenticalPost } from './api/find-identical-post';
import { type ComposerState, toPostBody } from './composer-state';

/** How long the text rests before the server is asked. */
const CHECK_AFTER_MS = 500;

/**
 * Warns before a post its platform would refuse as a repeat (X: the same text from one account
 * within 24 hours), as the queue does when it passes such an item over. A warning only: the post
 * can still be saved, and the platform stays the judge.
 */
export function DuplicateTextNotice({
  state,
  account,
  postId,
  timezone,
  timeFormat,
}: {
  state: ComposerState;
  account: AccountDto | null;
  /** The stored post being edited: not compared with itself. */
  postId: string | null;
  timezone: string;
  timeFormat: TimeFormat;
}) {
  const body = state.platform ? toPostBody(state) : null;
  const hasMedia = Boolean(body && body.media.length > 0);
  const wanted: IdenticalPostCheck | null =
    account && body?.content.trim() && refusesDuplicateText(account.platform, hasMedia)
      ? {
          socialAccountId: account.id,
          content: body.content,
          hasMedia,
          at: state.scheduledAt,
          ...(postId ? { excludePostId: postId } : {}),
        }
      : null;
  const key = JSON.stringify(wanted);
  const [check, setCheck] = useState<IdenticalPostCheck | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised check is the dependency
  useEffect(() => {
    const timer = setTimeout(() => setCheck(wanted), CHECK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const answer = useIdenticalPost(check).data;
  if (!wanted || !account || !answer?.identicalAt || JSON.stringify(check) !== key) return null;
  return (
    <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-amber-800 text-sm">
      {duplicateTextWarning(
        getPlatform(account.platform).displayName,
        formatDateTime(answer.identicalAt, timezone, timeFormat),
      )}
    </p>
  );
}
