import { describe, expect, it } from 'vitest';
import {
  CALENDAR_PREVIEW_CODE_POINTS,
  calendarPreview,
  POST_MESSAGES,
  postDeletedMessage,
  TIKTOK_DEFAULTS,
  truncatePreview,
} from './constants';

describe('post constants', () => {
  it('says which kind of post was deleted', () => {
    expect(postDeletedMessage(true)).toBe('Draft and associated media deleted successfully!');
    expect(postDeletedMessage(false)).toBe('Post and associated media deleted successfully!');
  });

  it('keeps the success toasts word for word', () => {
    expect(POST_MESSAGES.draftSaved).toBe('Draft saved successfully!');
    expect(POST_MESSAGES.postScheduled).toBe('Post scheduled successfully!');
  });

  it('defaults TikTok to public with comments, duet and stitch enabled', () => {
    expect(TIKTOK_DEFAULTS).toMatchObject({
      privacy_level: 'PUBLIC_TO_EVERYONE',
      disable_comment: false,
      disable_duet: false,
      disable_stitch: false,
      video_cover_timestamp_ms: 0,
      photo_cover_index: 0,
      media_type: 'video',
    });
  });

  it('cuts a Facebook preview at 125 characters', () => {
    expect(truncatePreview('a'.repeat(125), 125)).toEqual({ text: 'a'.repeat(125), truncated: false });
    expect(truncatePreview('a'.repeat(126), 125)).toEqual({ text: 'a'.repeat(125), truncated: true });
  });

  it('cuts a preview between emoji, never inside one', () => {
    expect(truncatePreview(`${'a'.repeat(124)}👍🏽 more`, 125)).toEqual({
      text: `${'a'.repeat(124)}👍🏽`,
      truncated: true,
    });
  });

  it('cuts a calendar preview by what a reader sees: "hello 😀" stays whole', () => {
    expect(calendarPreview('hello 😀😀😀😀😀😀😀😀😀😀', 15)).toBe('hello 😀😀😀😀😀😀😀😀😀');
    expect(calendarPreview('hello 😀 world', 7)).toBe('hello 😀');
  });

  it('drops a possibly cut last character of a full-length calendar prefix', () => {
    const family = '👨‍👩‍👧';
    // The server's prefix ends inside the family emoji (its first code points only).
    const prefix = Array.from(`${'a'.repeat(CALENDAR_PREVIEW_CODE_POINTS - 2)}${family}`)
      .slice(0, CALENDAR_PREVIEW_CODE_POINTS)
      .join('');
    expect(calendarPreview(prefix, 200)).toBe('a'.repeat(CALENDAR_PREVIEW_CODE_POINTS - 2));
    expect(calendarPreview(`short ${family}`, 200)).toBe(`short ${family}`);
  });
});
