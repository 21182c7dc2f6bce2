import { describe, expect, it } from 'vitest';
import {
  DUPLICATE_TEXT_WINDOW_MS,
  LONGEST_POSTING_CAP_WINDOW_MS,
  postingCap,
  refusesDuplicateText,
} from './posting-rules.js';

describe('what the platforms refuse or hold back', () => {
  it('refuses identical text on X always and on Facebook without media, within a day', () => {
    expect(refusesDuplicateText('twitter', true)).toBe(true);
    expect(refusesDuplicateText('twitter', false)).toBe(true);
    expect(refusesDuplicateText('facebook', false)).toBe(true);
    expect(refusesDuplicateText('facebook', true)).toBe(false);
    for (const platform of ['instagram', 'linkedin', 'tiktok', 'threads', 'myspace']) {
      expect(refusesDuplicateText(platform, false)).toBe(false);
    }
    expect(DUPLICATE_TEXT_WINDOW_MS).toBe(24 * 60 * 60_000);
  });

  it("keeps each platform's posting cap per account", () => {
    expect(postingCap('twitter')).toEqual({ count: 100, windowMs: 15 * 60_000 });
    expect(postingCap('instagram')).toEqual({ count: 100, windowMs: 24 * 60 * 60_000 });
    expect(postingCap('threads')).toEqual({ count: 250, windowMs: 24 * 60 * 60_000 });
    expect(postingCap('facebook')).toEqual({ count: 500, windowMs: 24 * 60 * 60_000 });
    expect(postingCap('linkedin')).toBeNull();
    expect(postingCap('myspace')).toBeNull();
    expect(LONGEST_POSTING_CAP_WINDOW_MS).toBe(24 * 60 * 60_000);
  });
});
