import { describe, expect, it } from 'vitest';
import { type MediaInfo, mediaKindOf } from '../media/media-rules';
import { MB } from '../platforms/registry';
import { type PostInput, postChainOf, twitterPostTypeOf, validatePost } from './validate-post';

function file(name: string, mimeType: string, sizeBytes = 1000): MediaInfo {
  return { name, mimeType, sizeBytes, kind: mediaKindOf(mimeType) };
}
const jpeg = (name = 'photo.jpg', size = 1000) => file(name, 'image/jpeg', size);
const mp4 = (name = 'clip.mp4') => file(name, 'video/mp4');
const many = (n: number) => Array.from({ length: n }, (_, i) => jpeg(`p${i}.jpg`));

function messages(input: PostInput, action: 'draft' | 'schedule' | 'publish' = 'schedule') {
  return validatePost(input, action).map((issue) => `${issue.field}: ${issue.message}`);
}

describe('Twitter posts', () => {
  it('accepts a 280-character tweet', () => {
    expect(messages({ platform: 'twitter', content: 'a'.repeat(280), media: [] })).toEqual([]);
  });

  it('refuses a 281-character tweet with the spec message', () => {
    expect(messages({ platform: 'twitter', content: 'a'.repeat(281), media: [] })).toEqual([
      'content: Your tweet is too long',
    ]);
  });

  it('points at the tweet of a thread that is too long', () => {
    const input: PostInput = {
      platform: 'twitter',
      postType: 'thread',
      content: 'first',
      media: [],
      tweets: [
        { content: 'first', media: [] },
        { content: 'b'.repeat(300), media: [] },
      ],
    };
    expect(messages(input)).toEqual(['tweets.1.content: Your tweet is too long']);
  });

  it('refuses a tweet over the limit even as a draft', () => {
    expect(messages({ platform: 'twitter', content: 'a'.repeat(281) }, 'draft')).toEqual([
      'content: Your tweet is too long',
    ]);
  });

  it('needs content or at least one media file in some tweet', () => {
    const message = 'content: Please provide content or at least one media file';
    expect(messages({ platform: 'twitter', content: '  ', media: [] }, 'draft')).toEqual([message]);
    expect(
      messages({
        platform: 'twitter',
        tweets: [
          { content: '', media: [] },
          { content: '', media: [] },
        ],
      }),
    ).toEqual([message]);
    expect(messages({ platform: 'twitter', content: '', media: [jpeg()] })).toEqual([]);
  });

  it('refuses an empty tweet inside a thread when scheduling but not in a draft', () => {
    const input: PostInput = {
      platform: 'twitter',
      tweets: [
        { content: 'one', media: [] },
        { content: '', media: [] },
      ],
    };
    expect(messages(input, 'publish')).toEqual([
      'tweets.1.content: Please provide content or at least one media file',
    ]);
    expect(messages(input, 'draft')).toEqual([]);
  });

  it('refuses a fifth media file in a tweet', () => {
    expect(
      messages({
        platform: 'twitter',
        tweets: [
          { content: 'x', media: [] },
          { content: 'y', media: many(5) },
        ],
      }),
    ).toEqual(['tweets.1.media: Maximum 4 media files per tweet']);
  });

  it('counts links as 23 so a long link fits', () => {
    const content = `${'a'.repeat(250)} https://example.com/${'x'.repeat(100)}`;
    expect(messages({ platform: 'twitter', content })).toEqual([]);
  });

  it('derives single or thread from the number of tweets', () => {
    expect(twitterPostTypeOf(1)).toBe('single');
    expect(twitterPostTypeOf(3)).toBe('thread');
  });
});

describe('Facebook posts', () => {
  it('refuses text over 63206 characters', () => {
    expect(messages({ platform: 'facebook', content: 'a'.repeat(63207) })).toEqual([
      'content: Your post is too long',
    ]);
    expect(messages({ platform: 'facebook', content: 'a'.repeat(63206) })).toEqual([]);
  });

  it('needs content or a media file', () => {
    expect(messages({ platform: 'facebook', content: '' }, 'draft')).toEqual([
      'content: At least content or a media file is required',
    ]);
  });

  it('refuses a 25 MB image with the spec message', () => {
    expect(messages({ platform: 'facebook', content: 'hi', media: [jpeg('big.jpg', 25 * MB)] })).toEqual([
      'media: Image "big.jpg" exceeds the 8MB limit.',
    ]);
  });

  it('refuses two files in a reel', () => {
    expect(
      messages({ platform: 'facebook', postType: 'reel', content: 'hi', media: [mp4(), mp4('b.mp4')] }),
    ).toEqual(['media: Only one file is allowed for reel posts.']);
  });

  it('schedules a story with exactly one photo', () => {
    expect(messages({ platform: 'facebook', postType: 'story', content: '', media: [jpeg()] })).toEqual([]);
  });
});

describe('Instagram posts', () => {
  it('refuses a caption over 2200 characters', () => {
    expect(messages({ platform: 'instagram', content: 'a'.repeat(2201), media: [jpeg()] })).toEqual([
      'content: Your caption is too long',
    ]);
  });

  it('needs content or media', () => {
    expect(messages({ platform: 'instagram', content: '' }, 'draft')).toEqual([
      'content: Content or media is required for Instagram posts',
    ]);
  });

  it('keeps a one-image carousel as a draft but refuses to schedule it', () => {
    const input: PostInput = { platform: 'instagram', postType: 'carousel', content: 'c', media: [jpeg()] };
    expect(messages(input, 'draft')).toEqual([]);
    expect(messages(input, 'schedule')).toEqual(['media: Carousel posts require 2–10 media files']);
  });

  it('refuses eleven carousel files even in a draft', () => {
    expect(
      messages({ platform: 'instagram', postType: 'carousel', content: 'c', media: many(11) }, 'draft'),
    ).toEqual(['media: Carousel posts can have up to 10 media files.']);
  });

  it('accepts a carousel of 2 to 10 images', () => {
    expect(messages({ platform: 'instagram', postType: 'carousel', content: '', media: many(2) })).toEqual(
      [],
    );
    expect(messages({ platform: 'instagram', postType: 'carousel', content: '', media: many(10) })).toEqual(
      [],
    );
  });

  it('requires exactly one story file when scheduling', () => {
    expect(messages({ platform: 'instagram', postType: 'story', content: 'hi', media: [] })).toEqual([
      'media: Stories require exactly one photo or video',
    ]);
  });

  it('accepts only video in a reel', () => {
    expect(messages({ platform: 'instagram', postType: 'reel', content: 'hi', media: [jpeg()] })).toEqual([
      'media: Reels only support video uploads.',
    ]);
  });

  it('refuses to schedule a post without media, which Instagram cannot publish', () => {
    expect(messages({ platform: 'instagram', content: 'text only', media: [] })).toEqual([
      'media: Instagram posts require a photo or video.',
    ]);
    expect(messages({ platform: 'instagram', content: 'text only', media: [] }, 'draft')).toEqual([]);
  });
});

describe('TikTok posts', () => {
  it('refuses a caption over 150 characters', () => {
    expect(messages({ platform: 'tiktok', content: 'a'.repeat(151), media: [mp4()] })).toEqual([
      'content: Your caption is too long',
    ]);
  });

  it('requires at least one media file', () => {
    expect(messages({ platform: 'tiktok', content: 'caption', media: [] })).toEqual([
      'media: At least one media file is required',
    ]);
    expect(messages({ platform: 'tiktok', content: '', media: [] }, 'draft')).toEqual([
      'media: At least one media file is required',
    ]);
  });

  it('requires a video for video posts', () => {
    expect(messages({ platform: 'tiktok', postType: 'video', content: '', media: [jpeg()] })).toEqual([
      'media: Invalid file type: must be a video',
    ]);
  });

  it('requires images for photo posts', () => {
    expect(messages({ platform: 'tiktok', postType: 'photo', content: '', media: many(13) })).toEqual([
      'media: Photo posts require 1 to 12 images',
    ]);
  });

  it('refuses a privacy level TikTok does not know', () => {
    expect(
      messages({ platform: 'tiktok', content: '', media: [mp4()], metadata: { privacy_level: 'EVERYBODY' } }),
    ).toEqual(['metadata.privacy_level: Please choose a valid TikTok privacy level']);
  });
});

describe('LinkedIn posts', () => {
  it('refuses a 2,000-character LinkedIn caption', () => {
    expect(messages({ platform: 'linkedin', content: 'a'.repeat(2000) })).toEqual([
      'content: Your caption is too long',
    ]);
  });

  it('needs content, media, or an article URL', () => {
    expect(messages({ platform: 'linkedin', content: '' }, 'draft')).toEqual([
      'content: Either content, media, or an article URL is required',
    ]);
  });

  it('requires an article URL for article posts, drafts included', () => {
    expect(messages({ platform: 'linkedin', postType: 'article', content: 'read this' }, 'draft')).toEqual([
      'metadata.articleUrl: Article URL is required for article posts',
    ]);
  });

  it('accepts an article post with only its URL', () => {
    expect(
      messages({
        platform: 'linkedin',
        postType: 'article',
        content: '',
        metadata: { articleUrl: 'https://example.com/a' },
      }),
    ).toEqual([]);
  });

  it('refuses an article URL that is not http(s)', () => {
    expect(
      messages({
        platform: 'linkedin',
        postType: 'article',
        content: 'x',
        metadata: { articleUrl: 'javascript:alert(1)' },
      }),
    ).toEqual(['metadata.articleUrl: Please enter a valid article URL starting with http:// or https://']);
  });

  it('refuses a file over 100 MB', () => {
    expect(
      messages({ platform: 'linkedin', content: 'x', media: [file('a.pdf', 'application/pdf', 101 * MB)] }),
    ).toEqual(['media: File "a.pdf" exceeds the 100 MB limit.']);
  });

  it('refuses an unknown visibility', () => {
    expect(messages({ platform: 'linkedin', content: 'x', metadata: { visibility: 'EVERYONE' } })).toEqual([
      'metadata.visibility: Visibility must be PUBLIC, CONNECTIONS or LOGGED_IN',
    ]);
  });
});

describe('Threads posts', () => {
  it('refuses more than 500 characters, emoji counted in bytes', () => {
    expect(messages({ platform: 'threads', content: 'a'.repeat(500) })).toEqual([]);
    expect(messages({ platform: 'threads', content: `${'a'.repeat(497)}😀` })).toEqual([
      'content: Your post is too long',
    ]);
  });

  it('validates each reply of a chain', () => {
    expect(
      messages({
        platform: 'threads',
        tweets: [
          { content: 'root', media: [] },
          { content: 'reply', media: [file('a.gif', 'image/gif')] },
        ],
      }),
    ).toEqual(['tweets.1.media: File "a.gif" is not a supported format for Threads.']);
  });

  it('needs content or media', () => {
    expect(messages({ platform: 'threads', content: '' })).toEqual([
      'content: Please provide content or at least one media file',
    ]);
  });

  it('reads the chain from tweets when present, else from content', () => {
    expect(postChainOf({ platform: 'threads', content: 'solo', media: [] })).toEqual([
      { content: 'solo', media: [] },
    ]);
    expect(
      postChainOf({ platform: 'linkedin', content: 'x', tweets: [{ content: 'y', media: [] }] }),
    ).toEqual([{ content: 'x', media: [] }]);
  });
});

describe('post types', () => {
  it('refuses a post type the platform does not have', () => {
    expect(messages({ platform: 'facebook', postType: 'carousel', content: 'x' })).toEqual([
      'postType: This post type is not available for Facebook',
    ]);
  });
});
