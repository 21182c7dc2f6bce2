import { getPlatform } from '../../../../shared/platforms/registry';
import { defaultMetadata } from '../composer-state';
import { type GroupComposerState, initialGroupState, type VersionDraft } from './group-state';

/** A version the user did something to: customised, or another post type or setting than the default. */
function isTouched(draft: VersionDraft): boolean {
  if (draft.customized || draft.accountId) return true;
  const postType = draft.postType ?? getPlatform(draft.platform).defaultPostType;
  if (postType !== getPlatform(draft.platform).defaultPostType) return true;
  return JSON.stringify(draft.metadata) !== JSON.stringify(defaultMetadata(draft.platform, postType));
}

/** What the user put into a composition, without keys that change on every load. */
function compositionKey(state: GroupComposerState, withAccounts: boolean): string {
  const file = (key: string) => state.media[key]?.media?.id ?? `uploading:${key}`;
  return JSON.stringify({
    accounts: withAccounts ? state.accounts.map((account) => account.id) : null,
    shared: { content: state.shared.content, media: state.shared.media.map(file), link: state.shared.link },
    versions: state.versions
      .filter((draft) => withAccounts || isTouched(draft))
      .map((draft) => ({
        platform: draft.platform,
        accountId: draft.accountId ?? null,
        customized: draft.customized,
        postType: draft.postType ?? null,
        metadata: draft.metadata,
        items: draft.items.map((item) => ({ content: item.content, media: item.media.map(file) })),
      })),
    scheduledAt: state.scheduledAt,
  });
}

/**
 * Whether closing would lose something. A new composition is compared with an empty one (choosing
 * accounts alone is not work; text, media, a link, a version, a post type, an option or a time is);
 * an opened group with the group as loaded, accounts included.
 */
export function hasGroupChanges(
  state: GroupComposerState,
  baseline: GroupComposerState,
  isNew: boolean,
): boolean {
  if (isNew) {
    return compositionKey(state, false) !== compositionKey(initialGroupState(baseline.scheduledAt), false);
  }
  return compositionKey(state, true) !== compositionKey(baseline, true);
}
