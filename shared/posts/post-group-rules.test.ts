import { describe, expect, it } from 'vitest';
import { type MediaInfo, mediaKindOf } from '../media/media-rules';
import {
  applySharedEdit,
  customise,
  type GroupPostState,
  overrideFor,
  resetToShared,
  textWithLink,
  validateVersions,
  versionFor,
} from './post-group-rules';
import { CreatePostGroupInput } from './post-groups';

const shared = { content: 'Hello world', media: ['m1'], link: null };

function file(name: string, mimeType: string): MediaInfo {
  return { name, mimeType, sizeBytes: 1000, kind: mediaKindOf(mimeType) };
}
const MEDIA: Record<string, MediaInfo> = { m1: file('a.jpg', 'image/jpeg'), v1: file('b.mp4', 'video/mp4') };

describe('versionFor: a version that is not customised follows the shared content', () => {
  it('shows the shared text and media as they go out', () => {
    expect(versionFor(shared, undefined, 'facebook')).toEqual({
      postType: 'normal',
      content: 'Hello world',
      media: ['m1'],
      tweets: null,
      metadata: {},
      customized: false,
    });
  });

  it('keeps its own post type and settings but not its own text while not customised', () => {
    const version = versionFor(
      shared,
      { customized: false, content: 'ignored', postType: 'reel', metadata: { alt_text: 'x' } },
      'instagram',
    );
    expect(version).toMatchObject({ content: 'Hello world', postType: 'reel', metadata: { alt_text: 'x' } });
  });

  it('puts the shared link after the text, or into a LinkedIn article', () => {
    const withLink = { ...shared, link: 'https://example.com/a' };
    expect(versionFor(withLink, undefined, 'twitter').content).toBe('Hello world\n\nhttps://example.com/a');
    const article = versionFor(withLink, { customized: false, postType: 'article' }, 'linkedin');
    expect(article.content).toBe('Hello world');
    expect(article.metadata.articleUrl).toBe('https://example.com/a');
    expect(textWithLink('see https://example.com/a', 'https://example.com/a')).toBe(
      'see https://example.com/a',
    );
    expect(textWithLink('', 'https://example.com/a')).toBe('https://example.com/a');
  });

  it('sends no text with a Facebook story', () => {
    expect(versionFor(shared, { customized: false, postType: 'story' }, 'facebook').content).toBe('');
  });

  it('uses a customised version as it is, an X thread included', () => {
    const tweets = [
      { content: 'one', media: ['m1'] },
      { content: 'two', media: [] },
    ];
    const version = versionFor(shared, { customized: true, tweets }, 'twitter');
    expect(version).toMatchObject({ customized: true, postType: 'thread', content: 'one', media: ['m1'] });
    expect(version.tweets).toEqual(tweets);
    // A single-tweet chain is a plain post.
    const single = versionFor(
      shared,
      { customized: true, tweets: [{ content: 'solo', media: [] }] },
      'twitter',
    );
    expect(single).toMatchObject({ postType: 'single', content: 'solo', media: [], tweets: null });
  });
});

describe('customise and reset', () => {
  it('copies what the version showed and detaches it from later shared edits', () => {
    const override = customise(
      { ...shared, link: 'https://e.com/x' },
      { customized: false, postType: 'reel' },
      'facebook',
    );
    expect(override).toMatchObject({
      customized: true,
      content: 'Hello world\n\nhttps://e.com/x',
      media: ['m1'],
      postType: 'reel',
    });
    const later = versionFor({ content: 'Changed', media: [] }, override, 'facebook');
    expect(later.content).toBe('Hello world\n\nhttps://e.com/x');
  });

  it('re-attaches on reset and keeps the type and settings', () => {
    const custom = { customized: true, content: 'Own', media: [], postType: 'reel', metadata: { a: 1 } };
    const reset = resetToShared(custom);
    expect(reset).toEqual({ customized: false, postType: 'reel', metadata: { a: 1 } });
    expect(versionFor(shared, reset, 'facebook').content).toBe('Hello world');
  });

  it('prefers an account version over its network version', () => {
    const versions = [
      { platform: 'facebook' as const, customized: true, content: 'network' },
      { accountId: 'fb2', customized: true, content: 'account' },
    ];
    expect(overrideFor(versions, { id: 'fb1', platform: 'facebook' })?.content).toBe('network');
    expect(overrideFor(versions, { id: 'fb2', platform: 'facebook' })?.content).toBe('account');
    expect(overrideFor(versions, { id: 'x1', platform: 'twitter' })).toBeUndefined();
  });
});

describe('applySharedEdit: later edits of the shared text', () => {
  const post = (id: string, patch: Partial<GroupPostState>): GroupPostState => ({
    id,
    platform: 'facebook',
    status: 'scheduled',
    customized: false,
    postType: 'normal',
    content: 'Hello world',
    media: ['m1'],
    metadata: {},
    ...patch,
  });

  it('changes only versions not customised and not sent', () => {
    const posts = [
      post('follows', {}),
      post('custom', { customized: true, content: 'Own' }),
      post('sent', { status: 'posted' }),
      post('sending', { status: 'publishing' }),
      post('failed', { status: 'failed', platform: 'twitter', postType: 'single' }),
      post('draft', { status: 'draft' }),
    ];
    const changes = applySharedEdit(posts, { content: 'New text', media: [] });
    expect(changes.map((change) => change.postId)).toEqual(['follows', 'failed', 'draft']);
    expect(changes[0]!.version).toMatchObject({ content: 'New text', media: [], postType: 'normal' });
  });

  it('leaves versions that already show the new content alone', () => {
    expect(applySharedEdit([post('same', {})], shared)).toEqual([]);
  });
});

describe('validateVersions', () => {
  const accounts = [
    { id: 'x1', platform: 'twitter' as const },
    { id: 'ig1', platform: 'instagram' as const },
    { id: 'fb1', platform: 'facebook' as const },
  ];
  const mediaInfo = (id: string) => MEDIA[id];

  it('checks every version with its platform rules and names the account', () => {
    const problems = validateVersions({
      shared: { content: 'a'.repeat(300), media: [] },
      versions: [],
      accounts,
      action: 'schedule',
      mediaInfo,
    });
    expect(problems).toEqual([
      { accountId: 'x1', platform: 'twitter', field: 'content', message: 'Your tweet is too long' },
      {
        accountId: 'ig1',
        platform: 'instagram',
        field: 'media',
        message: 'Instagram posts require a photo or video.',
      },
    ]);
  });

  it('judges a customised version by its own text', () => {
    const problems = validateVersions({
      shared: { content: 'a'.repeat(300), media: ['m1'] },
      versions: [{ platform: 'twitter', customized: true, content: 'short' }],
      accounts,
      action: 'schedule',
      mediaInfo,
    });
    expect(problems).toEqual([]);
  });

  it('refuses text X already has within 24 hours, except in a draft', () => {
    const input = {
      shared,
      versions: [],
      accounts,
      mediaInfo,
      identicalAt: { x1: 'Nov 25, 10:00' },
    };
    expect(validateVersions({ ...input, action: 'schedule' })).toEqual([
      {
        accountId: 'x1',
        platform: 'twitter',
        field: 'content',
        message:
          'X refuses the same text from one account within 24 hours: this account has it at Nov 25, 10:00. Change the text or the time, or this post will fail.',
      },
    ]);
    expect(validateVersions({ ...input, action: 'draft' })).toEqual([]);
  });
});

describe('CreatePostGroupInput', () => {
  it('needs exactly one target per version', () => {
    const base = { accountIds: ['a'], shared: { content: 'x' }, action: 'draft' };
    expect(CreatePostGroupInput.safeParse({ ...base, versions: [{ customized: true }] }).success).toBe(false);
    expect(
      CreatePostGroupInput.safeParse({ ...base, versions: [{ platform: 'twitter', accountId: 'a' }] })
        .success,
    ).toBe(false);
    expect(CreatePostGroupInput.safeParse({ ...base, versions: [{ accountId: 'a' }] }).success).toBe(true);
    expect(CreatePostGroupInput.safeParse({ ...base, accountIds: [] }).success).toBe(false);
  });
});
