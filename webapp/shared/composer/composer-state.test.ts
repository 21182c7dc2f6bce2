import { describe, expect, it } from 'vitest';
import type { MediaDto, PostDto } from '../../../shared/posts/api';
import {
  type ComposerState,
  hasChanges,
  initialState,
  isUploading,
  mediaFromDto,
  stateFromPost,
  toPostBody,
} from './composer-state';

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
    id: 'p1',
    socialAccountId: 'a1',
    platform: 'twitter',
    content: 'first',
    status: 'scheduled',
    isDraft: false,
    scheduledAt: '2026-11-22T09:00:00.000Z',
    postedAt: null,
    postType: 'thread',
    media: [],
    tweets: null,
    metadata: {},
    platformPostId: null,
    platformPostUrl: null,
    errorMessage: null,
    account: null,
    metrics: null,
    groupId: null,
    customized: false,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

describe('composer state', () => {
  it('sends an X thread as tweets with their media ids and the thread post type', () => {
    const state = stateFromPost(
      post({
        tweets: [
          { content: 'one', media: [media('m1')] },
          { content: 'two', media: [] },
        ],
      }),
    );
    expect(toPostBody(state)).toMatchObject({
      socialAccountId: 'a1',
      postType: 'thread',
      content: 'one',
      media: ['m1'],
      tweets: [
        { content: 'one', media: ['m1'] },
        { content: 'two', media: [] },
      ],
    });
  });

  it('calls a one-tweet X post single and sends no tweets for platforms without chains', () => {
    const single = stateFromPost(post({ tweets: [{ content: 'only', media: [] }] }));
    expect(toPostBody(single).postType).toBe('single');
    const linkedin = stateFromPost(
      post({
        platform: 'linkedin',
        postType: 'article',
        content: 'read this',
        metadata: { articleUrl: 'https://a.b' },
      }),
    );
    expect(toPostBody(linkedin)).toMatchObject({
      postType: 'article',
      tweets: null,
      metadata: { articleUrl: 'https://a.b', visibility: 'PUBLIC' },
    });
  });

  it('does not send text for a Facebook story, which has no text box', () => {
    const state: ComposerState = { ...initialState('facebook'), postType: 'story', accountId: 'a1' };
    state.items[0] = { key: 'k', content: 'typed for a normal post', media: [] };
    expect(toPostBody(state).content).toBe('');
  });

  it('starts TikTok with the spec defaults and knows when an upload is still running', () => {
    const state = initialState('tiktok');
    expect(state.metadata).toMatchObject({
      privacy_level: 'PUBLIC_TO_EVERYONE',
      disable_comment: false,
      disable_duet: false,
      disable_stitch: false,
      media_type: 'video',
    });
    expect(isUploading(state)).toBe(false);
    state.items[0]?.media.push({
      key: 'u',
      name: 'clip.mp4',
      mimeType: 'video/mp4',
      kind: 'video',
      sizeBytes: 10,
      previewUrl: 'blob:x',
      progress: 0.4,
      media: null,
    });
    expect(isUploading(state)).toBe(true);
  });

  it('holds nothing when only a platform and its account are chosen', () => {
    const empty = initialState(null, '2026-11-22T09:00:00.000Z');
    expect(hasChanges(empty, empty)).toBe(false);
    const chosen = { ...initialState('tiktok', '2026-11-22T09:00:00.000Z'), accountId: 'a1' };
    expect(hasChanges(chosen, empty)).toBe(false);
  });

  it('holds something with text, media, another tweet, a chosen time or a changed option', () => {
    const empty = initialState(null, null);
    const base = { ...initialState('tiktok'), accountId: 'a1' };
    const item = base.items[0]!;
    expect(hasChanges({ ...base, items: [{ ...item, content: 'hi' }] }, empty)).toBe(true);
    expect(hasChanges({ ...base, items: [{ ...item, media: [mediaFromDto(media('m1'))] }] }, empty)).toBe(
      true,
    );
    expect(hasChanges({ ...base, scheduledAt: '2026-11-23T10:00:00.000Z' }, empty)).toBe(true);
    expect(hasChanges({ ...base, metadata: { ...base.metadata, disable_duet: true } }, empty)).toBe(true);
    expect(hasChanges({ ...base, postType: 'photo' }, empty)).toBe(true);
    const x = initialState('twitter');
    expect(hasChanges({ ...x, items: [...x.items, { key: 'k2', content: '', media: [] }] }, empty)).toBe(
      true,
    );
  });

  it('compares a stored post with the post as loaded', () => {
    const loaded = stateFromPost(post({ tweets: [{ content: 'one', media: [] }] }));
    const again = stateFromPost(post({ tweets: [{ content: 'one', media: [] }] }));
    expect(hasChanges(again, loaded)).toBe(false);
    expect(hasChanges({ ...again, items: [{ ...again.items[0]!, content: 'one!' }] }, loaded)).toBe(true);
    expect(hasChanges({ ...again, accountId: 'a2' }, loaded)).toBe(true);
  });
});
