import { MEDIA_MESSAGES } from '../../../../shared/media/media-messages';
import { type MediaInfo, mediaKindOf } from '../../../../shared/media/media-rules';
import type { PlatformId } from '../../../../shared/platforms/ids';
import { getPlatform } from '../../../../shared/platforms/registry';
import type { PostAction } from '../../../../shared/posts/api';
import { validateVersions } from '../../../../shared/posts/post-group-rules';
import type { VersionProblemDto } from '../../../../shared/posts/post-groups';
import { tooLongMessage } from '../../../../shared/posts/validate-post';
import { type GroupComposerState, sharedContent, toOverride } from './group-state';

/** When X already has this text from an account within 24 hours: the other post's time, as shown. */
export type IdenticalTimes = Readonly<Record<string, string | null | undefined>>;

function mediaInfoOf(state: GroupComposerState): (key: string) => MediaInfo | undefined {
  return (key) => {
    const media = state.media[key];
    if (!media) return undefined;
    return {
      name: media.name,
      mimeType: media.mimeType,
      sizeBytes: media.sizeBytes,
      kind: mediaKindOf(media.mimeType),
    };
  };
}

/** Every chosen account's version checked with the shared rules, as the server will check it. */
export function groupProblems(
  state: GroupComposerState,
  action: PostAction,
  identicalAt: IdenticalTimes = {},
): VersionProblemDto[] {
  const chosen = new Set(state.accounts.map((account) => account.id));
  const platforms = new Set(state.accounts.map((account) => account.platform));
  const versions = state.versions
    .filter((version) =>
      version.accountId ? chosen.has(version.accountId) : platforms.has(version.platform),
    )
    .map(toOverride);
  return validateVersions({
    shared: sharedContent(state),
    versions,
    accounts: state.accounts,
    action,
    mediaInfo: mediaInfoOf(state),
    identicalAt,
  });
}

const NEEDS_MEDIA: readonly string[] = [
  MEDIA_MESSAGES.instagramNeedsMedia,
  MEDIA_MESSAGES.tiktokNeedsMedia,
  MEDIA_MESSAGES.facebookStoryNeedsMedia,
  MEDIA_MESSAGES.facebookReelNeedsVideo,
  MEDIA_MESSAGES.instagramStoryOne,
];

/**
 * A problem in a few words for the action buttons' summary ("needs media", "text too long"); the
 * tab shows the spec's own message. Null: no short form, the summary says the message in full.
 */
export function shortProblem(problem: VersionProblemDto, identicalAt: IdenticalTimes = {}): string | null {
  const { platform, field, message } = problem;
  const isText = field === 'content' || /^tweets\.\d+\.content$/.test(field);
  if (isText && message === tooLongMessage(platform)) return 'text too long';
  if (NEEDS_MEDIA.includes(message)) return 'needs media';
  if (isText && identicalAt[problem.accountId] && message.includes(identicalAt[problem.accountId] ?? '')) {
    return 'repeats a post from the last 24 hours';
  }
  if (field === 'content' || field === 'media') {
    if (/required|provide/i.test(message)) return 'needs text or media';
  }
  if (field === 'metadata.articleUrl') return 'needs a valid article URL';
  return null;
}

/** "Instagram needs media", or "Instagram: Carousel posts require 2–10 media files". */
function sayProblem(label: string, short: string | null, message: string): string {
  return short ? `${label} ${short}` : `${label}: ${message}`;
}

interface NamedAccount {
  id: string;
  platform: PlatformId;
  accountName: string;
}

/**
 * "Fix 2 problems: Instagram needs media; X text too long": each problem once per network, named
 * by its network when every chosen account of that network has it, by the account otherwise.
 */
export function problemSummary(
  problems: readonly VersionProblemDto[],
  accounts: readonly NamedAccount[],
  identicalAt: IdenticalTimes = {},
): { count: number; text: string } | null {
  if (problems.length === 0) return null;
  const byNetwork = new Map<
    string,
    { platform: PlatformId; short: string | null; message: string; accountIds: Set<string> }
  >();
  for (const problem of problems) {
    const short = shortProblem(problem, identicalAt);
    const key = `${problem.platform}\u0000${short ?? problem.message}`;
    const entry = byNetwork.get(key) ?? {
      platform: problem.platform,
      short,
      message: problem.message,
      accountIds: new Set<string>(),
    };
    entry.accountIds.add(problem.accountId);
    byNetwork.set(key, entry);
  }
  const entries: string[] = [];
  for (const { platform, short, message, accountIds } of byNetwork.values()) {
    const name = getPlatform(platform).displayName;
    const ofNetwork = accounts.filter((account) => account.platform === platform);
    const whole = ofNetwork.length <= 1 || ofNetwork.every((account) => accountIds.has(account.id));
    const labels = whole
      ? [name]
      : ofNetwork.filter((account) => accountIds.has(account.id)).map((a) => `${name} (${a.accountName})`);
    for (const label of labels) entries.push(sayProblem(label, short, message));
  }
  const count = entries.length;
  return { count, text: `Fix ${count} problem${count === 1 ? '' : 's'}: ${entries.join('; ')}` };
}
