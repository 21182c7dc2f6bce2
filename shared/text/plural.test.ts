import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('countOf', () => {
  it('writes one of a thing in the singular and every other count in the plural', () => {
    expect(countOf(1, 'post')).toBe('1 post');
    expect(countOf(0, 'post')).toBe('0 posts');
    expect(countOf(20, 'post')).toBe('20 posts');
  });

  it('groups thousands and takes an irregular plural', () => {
    expect(countOf(1000, 'row')).toBe('1,000 rows');
    expect(countOf(2, 'media file', 'media files')).toBe('2 media files');
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry');
  });
});
