import { describe, expect, it } from 'vitest';
import { ANALYTICS_PLATFORMS as SERVED } from '../analytics/api';
import { PLATFORM_IDS } from './ids';
import {
  ANALYTICS_PLATFORMS,
  fetchesMediaByUrl,
  getPlatform,
  getPostType,
  PLATFORMS,
  RECONNECT_ADVICE,
  resolvePostType,
} from './registry';

describe('platform registry', () => {
  it('lists the six platforms in display order', () => {
    expect(PLATFORMS.map((p) => p.id)).toEqual([...PLATFORM_IDS]);
  });

  it('names each platform once, X for the stored `twitter`', () => {
    expect(PLATFORMS.map((p) => p.displayName)).toEqual([
      'X',
      'Facebook',
      'Instagram',
      'LinkedIn',
      'TikTok',
      'Threads',
    ]);
    expect(getPlatform('twitter').shortName).toBe('X');
  });

  it('uses the connection chooser labels of spec 01', () => {
    expect(getPlatform('instagram').connectLabel).toBe('Business/Creator Instagram');
    expect(getPlatform('facebook').connectLabel).toBe('Facebook Page');
    expect(getPlatform('threads').connectLabel).toBe('Threads');
  });

  it('shows the @handle for twitter and instagram only', () => {
    expect(PLATFORMS.filter((p) => p.showsHandle).map((p) => p.id)).toEqual(['twitter', 'instagram']);
  });

  it('carries the text limits of spec 02 section 9 and 500 for Threads', () => {
    expect(PLATFORMS.map((p) => [p.id, p.limits.text])).toEqual([
      ['twitter', 280],
      ['facebook', 63206],
      ['instagram', 2200],
      ['linkedin', 1300],
      ['tiktok', 150],
      ['threads', 500],
    ]);
  });

  it('offers each platform its post types', () => {
    const types = Object.fromEntries(PLATFORMS.map((p) => [p.id, p.postTypes.map((t) => t.id)]));
    expect(types).toEqual({
      twitter: ['single', 'thread'],
      facebook: ['normal', 'story', 'reel'],
      instagram: ['normal', 'story', 'reel', 'carousel'],
      linkedin: ['normal', 'article'],
      tiktok: ['video', 'photo'],
      threads: ['normal'],
    });
  });

  it('gives Facebook stories no text box', () => {
    expect(getPostType('facebook', 'story')?.hasText).toBe(false);
    expect(getPostType('facebook', 'normal')?.hasText).toBe(true);
  });

  it('defaults an unselected post type to the platform default', () => {
    expect(resolvePostType('facebook', undefined)).toBe('normal');
    expect(resolvePostType('instagram', 'bogus')).toBe('normal');
    expect(resolvePostType('tiktok', null)).toBe('video');
    expect(resolvePostType('instagram', 'carousel')).toBe('carousel');
  });

  it('counts analytics for every platform but TikTok, as the analytics feature does', () => {
    expect(ANALYTICS_PLATFORMS).toEqual(['twitter', 'facebook', 'instagram', 'linkedin', 'threads']);
    expect([...ANALYTICS_PLATFORMS].sort()).toEqual([...SERVED].sort());
  });

  it('knows which platforms fetch media by URL', () => {
    expect(fetchesMediaByUrl('instagram', 'reel')).toBe(true);
    expect(fetchesMediaByUrl('threads')).toBe(true);
    expect(fetchesMediaByUrl('tiktok', 'photo')).toBe(true);
    expect(fetchesMediaByUrl('tiktok', 'video')).toBe(false);
    expect(fetchesMediaByUrl('twitter')).toBe(false);
  });

  it('advises Facebook and Instagram users to reconnect every 2 months', () => {
    expect(RECONNECT_ADVICE).toBe(
      'Please reconnect your account every 2 months to avoid potential API errors.',
    );
    expect(PLATFORMS.filter((p) => p.reconnectAdvice === RECONNECT_ADVICE).map((p) => p.id)).toEqual([
      'facebook',
      'instagram',
    ]);
  });
});
