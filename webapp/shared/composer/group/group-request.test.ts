import { describe, expect, it } from 'vitest';
import type { MediaDto, PostDto } from '../../../../shared/posts/api';
import type { PostGroupDto } from '../../../../shared/posts/post-groups';
import { mediaFromDto } from '../composer-state';
import { addItem, setSharedContent } from './group-edits';
import { groupInput, groupStateFromDto, lonePostBody } from './group-request';
import { initialGroupState, toggleAccount, updateDraft, versionOf } from './group-state';

function media(id: string): MediaDto {
  return {
    id,
    fileName: `${id}.jpg`,
    originalName: `${id}.jpg`,
    mimeType: 'image/jpeg',
    kind: 'image',
    sizeBytes: 1000,
    url: `/api/media/${id}`,
    createdAt: '2026-11-21T10:00:00.000Z',
  };
}

function post(overrides: Partial<PostDto>): PostDto {
  return {
    id: 'p',
    socialAccountId: 'a',
    platform: 'facebook',
    content: 'Shared',
    status: 'scheduled',
    isDraft: false,
    scheduledAt: '2026-11-22T09:00:00.000Z',
    postedAt: null,
    postType: 'normal',
    media: [],
    tweets: null,
    metadata: {},
    platformPostId: null,
    platformPostUrl: null,
    errorMessage: null,
    account: null,
    metrics: null,
    groupId: 'g1',
    customized: false,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

describe('group request', () => {
  it('sends one request with the shared content by media id and each version’s own text only when customised', () => {
    let state = toggleAccount(toggleAccount(initialGroupState(), { id: 'x1', platform: 'twitter' }), {
      id: 'ig1',
      platform: 'instagram',
    });
    state = setSharedContent(state, 'Shared words');
    const photo = { ...mediaFromDto(media('m1')), key: 'k1' };
    state = { ...state, media: { k1: photo }, shared: { ...state.shared, media: ['k1'] } };
    state = updateDraft(
      state,
      { platform: 'twitter' },
      (draft) => addItem(draft, { key: 't2', content: 'Part two', media: [] }),
      { customises: true },
    );
    const input = groupInput(state, 'schedule', '2026-11-22T09:00:00.000Z');
    expect(input).toMatchObject({
      accountIds: ['x1', 'ig1'],
      shared: { content: 'Shared words', media: ['m1'], link: null },
      action: 'schedule',
      scheduledAt: '2026-11-22T09:00:00.000Z',
    });
    expect(input.versions).toEqual([
      {
        platform: 'twitter',
        customized: true,
        content: 'Shared words',
        media: ['m1'],
        tweets: [
          { content: 'Shared words', media: ['m1'] },
          { content: 'Part two', media: [] },
        ],
        metadata: {},
      },
      { platform: 'instagram', customized: false, postType: 'normal', metadata: {} },
    ]);
  });

  it('sends one account alone as an ordinary post of its version', () => {
    let state = toggleAccount(initialGroupState(), { id: 'x1', platform: 'twitter' });
    state = setSharedContent(state, 'Just X');
    expect(lonePostBody(state, { id: 'x1', platform: 'twitter' })).toEqual({
      socialAccountId: 'x1',
      postType: 'single',
      content: 'Just X',
      media: [],
      tweets: [{ content: 'Just X', media: [] }],
      metadata: { postType: 'single' },
    });
  });

  it('opens a group with its unsent accounts chosen, a network version, an account that differs, and sent posts read only', () => {
    const group: PostGroupDto = {
      id: 'g1',
      shared: { content: 'Shared', media: ['m1'], link: null, files: [media('m1')] },
      posts: [
        post({
          id: 'x',
          socialAccountId: 'x1',
          platform: 'twitter',
          postType: 'thread',
          customized: true,
          content: 'Own X',
          tweets: [
            { content: 'Own X', media: [] },
            { content: 'Two', media: [] },
          ],
        }),
        post({ id: 'f1', socialAccountId: 'fb1', media: [media('m1')] }),
        post({ id: 'f2', socialAccountId: 'fb2', customized: true, content: 'Shop only', media: [] }),
        post({ id: 'f3', socialAccountId: 'fb3', status: 'posted', media: [media('m1')] }),
      ],
      createdAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
    };
    const { state, posts } = groupStateFromDto(group);
    expect(state.accounts.map((account) => account.id)).toEqual(['x1', 'fb1', 'fb2']);
    expect(state.scheduledAt).toBe('2026-11-22T09:00:00.000Z');
    expect(versionOf(state, { platform: 'twitter' }).tweets?.map((tweet) => tweet.content)).toEqual([
      'Own X',
      'Two',
    ]);
    expect(versionOf(state, { platform: 'facebook', accountId: 'fb1' })).toMatchObject({
      content: 'Shared',
      customized: false,
    });
    expect(versionOf(state, { platform: 'facebook', accountId: 'fb2' })).toMatchObject({
      content: 'Shop only',
      customized: true,
    });
    expect(groupInput(state, 'schedule', null).shared.media).toEqual(['m1']);
    expect(posts.find((p) => p.status === 'posted')?.socialAccountId).toBe('fb3');
  });
});
