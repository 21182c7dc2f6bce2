import { describe, expect, it } from 'vitest';
import { exceeds, firstGrapheme, graphemes, truncateText } from './truncate';

const family = '👨‍👩‍👧';
const flag = '🇫🇷';
const thumb = '👍🏽';
const accented = 'e\u0301';

describe('graphemes', () => {
  it('keeps emoji sequences, flags, skin tones and combining accents whole', () => {
    expect(graphemes(`a${family}${flag}${thumb}${accented}`)).toEqual(['a', family, flag, thumb, accented]);
  });
});

describe('truncateText', () => {
  it('leaves text within the limit unchanged', () => {
    expect(truncateText('hello', 5)).toBe('hello');
    expect(truncateText(`hi ${family}`, 4)).toBe(`hi ${family}`);
  });

  it('never cuts an emoji in half where String.slice would', () => {
    const text = 'hello 😀 world';
    expect(text.slice(0, 7)).toContain('\ud83d');
    expect(truncateText(text, 7)).toBe('hello 😀');
    expect(truncateText(text, 6)).toBe('hello ');
  });

  it('counts a family emoji, a flag and a skin-toned thumb as one character each', () => {
    expect(truncateText(`${family}${flag}${thumb}x`, 3)).toBe(`${family}${flag}${thumb}`);
    expect(truncateText(`${accented}${accented}`, 1)).toBe(accented);
  });

  it('adds the ellipsis within the limit, after trimming the space before it', () => {
    expect(truncateText('hello wonderful world', 10, { ellipsis: '…' })).toBe('hello won…');
    expect(truncateText('hello world', 7, { ellipsis: '…' })).toBe('hello…');
    expect(truncateText('short', 10, { ellipsis: '…' })).toBe('short');
  });

  it('measures in UTF-16 units for a storage limit, still on a grapheme boundary', () => {
    // '😀' is two UTF-16 units: at 5 units it does not fit after 'abcd'.
    expect(truncateText('abcd😀', 5, { unit: 'utf16' })).toBe('abcd');
    expect(truncateText('abc😀', 5, { unit: 'utf16' })).toBe('abc😀');
    expect(truncateText(`ab${family}`, 6, { unit: 'utf16' })).toBe('ab');
    expect(truncateText('a'.repeat(300), 255, { unit: 'utf16' })).toHaveLength(255);
  });

  it('answers an empty string for a limit of zero', () => {
    expect(truncateText('abc', 0)).toBe('');
  });
});

describe('exceeds', () => {
  it('compares graphemes by default and UTF-16 units on request', () => {
    expect(exceeds('😀😀', 2)).toBe(false);
    expect(exceeds('😀😀', 2, 'utf16')).toBe(true);
  });
});

describe('firstGrapheme', () => {
  it('gives an emoji-named account a whole emoji as its initial', () => {
    expect(firstGrapheme(`${thumb} Team`)).toBe(thumb);
    expect(firstGrapheme('  postloom')).toBe('p');
    expect(firstGrapheme('')).toBe('');
  });
});
