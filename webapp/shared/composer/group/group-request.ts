import { getPlatform } from '../../../../shared/platforms/registry';
import type { MediaDto, PostDto, PostRequestAction } from '../../../../shared/posts/api';
import { TIKTOK_DRAFT_SCHEDULED_AT } from '../../../../shared/posts/constants';
import { isReadOnlyVersion } from '../../../../shared/posts/post-group-rules';
import type {
  CreatePostGroupInput,
  PostGroupDto,
  VersionOverrideInput,
} from '../../../../shared/posts/post-groups';
import { type ComposerMedia, mediaFromDto } from '../composer-state';
import {
  type ChosenAccount,
  firstItemKey,
  type GroupComposerState,
  initialGroupState,
  type Target,
  targetOfAccount,
  type VersionDraft,
  versionOf,
} from './group-state';

/** Composer keys to the server's media ids (a file still uploading has none yet). */
export function mediaIdsOf(state: GroupComposerState, keys: readonly string[]): string[] {
  return keys.flatMap((key) => {
    const id = state.media[key]?.media?.id;
    return id ? [id] : [];
  });
}

function isChosen(state: GroupComposerState, draft: VersionDraft): boolean {
  return draft.accountId
    ? state.accounts.some((account) => account.id === draft.accountId)
    : state.accounts.some((account) => account.platform === draft.platform);
}

/** The chosen versions as the group API takes them (post type and settings always, text only when customised). */
export function versionsInput(state: GroupComposerState): VersionOverrideInput[] {
  return state.versions
    .filter((draft) => isChosen(state, draft))
    .map((draft) => {
      const chain = getPlatform(draft.platform).capabilities.replyChain;
      const first = draft.items[0];
      return {
        ...(draft.accountId ? { accountId: draft.accountId } : { platform: draft.platform }),
        customized: draft.customized,
        ...(draft.customized
          ? {
              content: first?.content ?? '',
              media: mediaIdsOf(state, first?.media ?? []),
              tweets: chain
                ? draft.items.map((item) => ({ content: item.content, media: mediaIdsOf(state, item.media) }))
                : null,
            }
          : {}),
        // X's type follows its thread (single or thread): the server decides it.
        ...(draft.postType && draft.platform !== 'twitter' ? { postType: draft.postType } : {}),
        metadata: draft.metadata,
      };
    });
}

/** `POST /api/post-groups` (and the same fields for PATCH). */
export function groupInput(
  state: GroupComposerState,
  action: PostRequestAction,
  scheduledAt: string | null,
): CreatePostGroupInput {
  return {
    accountIds: state.accounts.map((account) => account.id),
    shared: {
      content: state.shared.content,
      media: mediaIdsOf(state, state.shared.media),
      link: state.shared.link.trim() || null,
    },
    versions: versionsInput(state),
    action,
    scheduledAt,
  };
}

/** One account alone is an ordinary post (`POST /api/posts`): its version as it goes out. */
export function lonePostBody(state: GroupComposerState, account: ChosenAccount) {
  const version = versionOf(state, targetOfAccount(state, account));
  const chain = getPlatform(account.platform).capabilities.replyChain;
  const tweets = version.tweets ?? [{ content: version.content, media: version.media }];
  return {
    socialAccountId: account.id,
    postType: version.postType,
    content: version.content,
    media: mediaIdsOf(state, version.media),
    tweets: chain
      ? tweets.map((tweet) => ({ content: tweet.content, media: mediaIdsOf(state, tweet.media) }))
      : null,
    metadata: { ...version.metadata, postType: version.postType },
  };
}

function keyOfMedia(id: string): string {
  return `media:${id}`;
}

function draftFromPost(post: PostDto, target: Target): VersionDraft {
  const posts =
    post.tweets && post.tweets.length > 0 ? post.tweets : [{ content: post.content, media: post.media }];
  return {
    ...target,
    customized: post.customized,
    postType: post.postType,
    metadata: { ...post.metadata },
    items: post.customized
      ? posts.map((item, index) => ({
          key: index === 0 ? firstItemKey(target) : `${firstItemKey(target)}:${index}`,
          content: item.content,
          media: item.media.map((media) => keyOfMedia(media.id)),
        }))
      : [],
  };
}

/** Whether two posts of one network follow the same version. */
function sameVersion(a: VersionDraft, b: VersionDraft): boolean {
  const shape = (draft: VersionDraft) =>
    JSON.stringify([
      draft.customized,
      draft.postType,
      draft.metadata,
      draft.items.map((item) => [item.content, item.media]),
    ]);
  return shape(a) === shape(b);
}

export interface LoadedGroup {
  state: GroupComposerState;
  /** Every post of the group by account: its status, and for sent ones the read-only version. */
  posts: PostDto[];
}

/**
 * A stored group back in the composer. Posts not yet sent become the chosen accounts; a network's
 * first post gives its network version, and another post of that network that differs keeps a
 * version of its own. Sent (and publishing) posts stay out of the editable state: read-only.
 */
export function groupStateFromDto(group: PostGroupDto): LoadedGroup {
  const files: MediaDto[] = [
    ...(group.shared.files ?? []),
    ...group.posts.flatMap((post) => [...post.media, ...(post.tweets ?? []).flatMap((tweet) => tweet.media)]),
  ];
  const media: Record<string, ComposerMedia> = {};
  for (const file of files) media[keyOfMedia(file.id)] = { ...mediaFromDto(file), key: keyOfMedia(file.id) };
  const editable = group.posts.filter((post) => post.socialAccountId && !isReadOnlyVersion(post.status));
  const versions: VersionDraft[] = [];
  for (const post of editable) {
    const network = versions.find((draft) => !draft.accountId && draft.platform === post.platform);
    if (!network) {
      versions.push(draftFromPost(post, { platform: post.platform }));
      continue;
    }
    const own = draftFromPost(post, {
      platform: post.platform,
      accountId: post.socialAccountId ?? undefined,
    });
    if (
      !sameVersion(
        { ...own, items: own.items.map((i) => ({ ...i, key: '' })) },
        {
          ...network,
          items: network.items.map((i) => ({ ...i, key: '' })),
        },
      )
    )
      versions.push(own);
  }
  const first = editable[0];
  const scheduledAt =
    first?.scheduledAt && first.scheduledAt !== TIKTOK_DRAFT_SCHEDULED_AT && first.status !== 'failed'
      ? first.scheduledAt
      : null;
  return {
    state: {
      ...initialGroupState(scheduledAt),
      accounts: editable.map((post) => ({ id: post.socialAccountId as string, platform: post.platform })),
      shared: {
        content: group.shared.content,
        media: group.shared.media.map(keyOfMedia).filter((key) => media[key]),
        link: group.shared.link ?? '',
      },
      versions,
      media,
    },
    posts: group.posts,
  };
}
