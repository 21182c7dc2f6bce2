import type { PlatformId } from '../../../../shared/platforms/ids';
import { getPlatform } from '../../../../shared/platforms/registry';
import {
  customise,
  type GroupVersion,
  resetToShared,
  type SharedContent,
  type TargetedOverride,
  versionFor,
} from '../../../../shared/posts/post-group-rules';
import {
  type ComposerItem,
  type ComposerMedia,
  type ComposerState,
  defaultMetadata,
  newKey,
} from '../composer-state';

/**
 * The multi-account composer's state (issue 23): the chosen accounts, one shared text, media and
 * link, and the versions per network or per account. A version follows the shared content until it
 * is customised (the rules are shared/posts/post-group-rules.ts); its post type and settings are
 * its own either way. Media are referred to by their composer key everywhere (the rules treat ids
 * as opaque), and the files themselves live once in `media`, so an upload in progress shows the
 * same progress in every version that uses it.
 */

/** One post of a version: the post itself first, then an X thread's tweets or a Threads chain. */
export interface DraftItem {
  key: string;
  content: string;
  media: string[];
}

/** Which version: a network's, or one account's own (which wins over its network's). */
export interface Target {
  platform: PlatformId;
  accountId?: string;
}

export interface VersionDraft extends Target {
  customized: boolean;
  postType?: string;
  metadata: Record<string, unknown>;
  /** The version's own posts; empty while it follows the shared content. */
  items: DraftItem[];
}

export interface ChosenAccount {
  id: string;
  platform: PlatformId;
}

export interface SharedDraft {
  content: string;
  media: string[];
  link: string;
}

export interface GroupComposerState {
  accounts: ChosenAccount[];
  /** Platforms chosen without a connected account: their tab says so and nothing can be sent. */
  missingPlatforms: PlatformId[];
  shared: SharedDraft;
  versions: VersionDraft[];
  media: Record<string, ComposerMedia>;
  /** UTC ISO chosen in the date/time picker, or null. */
  scheduledAt: string | null;
}

export function initialGroupState(scheduledAt: string | null = null): GroupComposerState {
  return {
    accounts: [],
    missingPlatforms: [],
    shared: { content: '', media: [], link: '' },
    versions: [],
    media: {},
    scheduledAt,
  };
}

export function targetId(target: Target): string {
  return target.accountId ? `account:${target.accountId}` : `platform:${target.platform}`;
}

/** The first post of a version keeps this key whether it follows the shared text or not, so its text box keeps focus when it is customised. */
export function firstItemKey(target: Target): string {
  return `${targetId(target)}:first`;
}

function sameTarget(a: Target, b: Target): boolean {
  return a.platform === b.platform && a.accountId === b.accountId;
}

export function draftOf(
  state: Pick<GroupComposerState, 'versions'>,
  target: Target,
): VersionDraft | undefined {
  return state.versions.find((version) => sameTarget(version, target));
}

/** The draft a target follows: its own, else (for an account) its network's. */
export function effectiveDraft(state: GroupComposerState, target: Target): VersionDraft | undefined {
  return (
    draftOf(state, target) ?? (target.accountId ? draftOf(state, { platform: target.platform }) : undefined)
  );
}

/** The tab an account's version is edited in: its own when it has one, else its network's. */
export function targetOfAccount(state: GroupComposerState, account: ChosenAccount): Target {
  const own = { platform: account.platform, accountId: account.id };
  return draftOf(state, own) ? own : { platform: account.platform };
}

export function sharedContent(state: GroupComposerState): SharedContent {
  return { content: state.shared.content, media: state.shared.media, link: state.shared.link };
}

/** A draft as the shared rules read it. */
export function toOverride(draft: VersionDraft): TargetedOverride {
  const first = draft.items[0];
  return {
    ...(draft.accountId ? { accountId: draft.accountId } : { platform: draft.platform }),
    customized: draft.customized,
    ...(draft.customized
      ? {
          content: first?.content ?? '',
          media: first?.media ?? [],
          tweets: draft.items.map((item) => ({ content: item.content, media: item.media })),
        }
      : {}),
    ...(draft.postType ? { postType: draft.postType } : {}),
    metadata: draft.metadata,
  };
}

/** The version of `target` as it goes out. */
export function versionOf(state: GroupComposerState, target: Target): GroupVersion {
  const draft = effectiveDraft(state, target);
  return versionFor(sharedContent(state), draft ? toOverride(draft) : undefined, target.platform);
}

function newDraft(platform: PlatformId, accountId?: string): VersionDraft {
  const postType = getPlatform(platform).defaultPostType;
  return {
    platform,
    ...(accountId ? { accountId } : {}),
    customized: false,
    postType,
    metadata: defaultMetadata(platform, postType),
    items: [],
  };
}

/** Chooses or unchooses an account; every text and version is kept for when it comes back. */
export function toggleAccount(state: GroupComposerState, account: ChosenAccount): GroupComposerState {
  if (state.accounts.some((chosen) => chosen.id === account.id)) {
    return { ...state, accounts: state.accounts.filter((chosen) => chosen.id !== account.id) };
  }
  const versions = draftOf(state, { platform: account.platform })
    ? state.versions
    : [...state.versions, newDraft(account.platform)];
  return { ...state, accounts: [...state.accounts, account], versions };
}

export function toggleMissingPlatform(state: GroupComposerState, platform: PlatformId): GroupComposerState {
  const missingPlatforms = state.missingPlatforms.includes(platform)
    ? state.missingPlatforms.filter((chosen) => chosen !== platform)
    : [...state.missingPlatforms, platform];
  return { ...state, missingPlatforms };
}

/** Customise: the draft starts as a copy of what it showed and stops following the shared content. */
export function customiseDraft(state: GroupComposerState, draft: VersionDraft): VersionDraft {
  if (draft.customized) return draft;
  const override = customise(sharedContent(state), toOverride(draft), draft.platform);
  const chain =
    override.tweets && override.tweets.length > 0
      ? override.tweets
      : [{ content: override.content ?? '', media: override.media ?? [] }];
  return {
    ...draft,
    customized: true,
    metadata: { ...(override.metadata ?? draft.metadata) },
    items: chain.map((post, index) => ({
      key: index === 0 ? firstItemKey(draft) : newKey('item'),
      content: post.content,
      media: [...post.media],
    })),
  };
}

/**
 * Changes one version. A target without a draft gets one: an account's starts as a copy of its
 * network's. `customises`: the change is to the text, media or chain, so the version is
 * customised first; post type and settings change without that.
 */
export function updateDraft(
  state: GroupComposerState,
  target: Target,
  change: (draft: VersionDraft) => VersionDraft,
  { customises }: { customises: boolean },
): GroupComposerState {
  const existing = draftOf(state, target);
  let draft = existing ?? startDraft(state, target);
  if (customises) draft = customiseDraft(state, draft);
  const next = change(draft);
  const versions = existing
    ? state.versions.map((version) => (version === existing ? next : version))
    : [...state.versions, next];
  return { ...state, versions };
}

function startDraft(state: GroupComposerState, target: Target): VersionDraft {
  const network = target.accountId ? draftOf(state, { platform: target.platform }) : undefined;
  if (!network) return newDraft(target.platform, target.accountId);
  const copy: VersionDraft = { ...network, accountId: target.accountId, metadata: { ...network.metadata } };
  copy.items = network.items.map((item, index) => ({
    key: index === 0 ? firstItemKey(copy) : newKey('item'),
    content: item.content,
    media: [...item.media],
  }));
  return copy;
}

/** An account's own version, customised: the user changes this account only. */
export function customiseAccount(state: GroupComposerState, account: ChosenAccount): GroupComposerState {
  return updateDraft(state, { platform: account.platform, accountId: account.id }, (draft) => draft, {
    customises: true,
  });
}

/** The account follows its network's version again. */
export function removeAccountDraft(state: GroupComposerState, accountId: string): GroupComposerState {
  return { ...state, versions: state.versions.filter((version) => version.accountId !== accountId) };
}

/** "Reset to the shared text": the version's own text, media and thread go; its type and settings stay. */
export function resetDraft(state: GroupComposerState, target: Target): GroupComposerState {
  const draft = draftOf(state, target);
  if (!draft) return state;
  const reset = resetToShared(toOverride(draft));
  const next: VersionDraft = {
    ...draft,
    customized: false,
    metadata: { ...(reset.metadata ?? draft.metadata) },
    items: [],
  };
  return { ...state, versions: state.versions.map((version) => (version === draft ? next : version)) };
}

/** What an editor tab shows, in the shape the single-post editors and previews read. */
export function viewOf(state: GroupComposerState, target: Target): ComposerState {
  const draft = effectiveDraft(state, target);
  const version = versionOf(state, target);
  const items: ComposerItem[] = draft?.customized
    ? draft.items.map((item) => ({ key: item.key, content: item.content, media: mediaOf(state, item.media) }))
    : [{ key: firstItemKey(target), content: version.content, media: mediaOf(state, version.media) }];
  const accountId =
    target.accountId ?? state.accounts.find((account) => account.platform === target.platform)?.id ?? null;
  return {
    platform: target.platform,
    accountId,
    postType: version.postType,
    items,
    metadata: version.metadata,
    scheduledAt: state.scheduledAt,
  };
}

export function mediaOf(state: GroupComposerState, keys: readonly string[]): ComposerMedia[] {
  return keys.flatMap((key) => {
    const media = state.media[key];
    return media ? [media] : [];
  });
}

/** Every media key the chosen versions and the shared content use. */
function mediaInUse(state: GroupComposerState): string[] {
  const keys = new Set(state.shared.media);
  for (const version of state.versions)
    for (const item of version.items) for (const key of item.media) keys.add(key);
  return [...keys];
}

export function isUploadingGroup(state: GroupComposerState): boolean {
  return mediaInUse(state).some((key) => state.media[key] && !state.media[key]?.media);
}
