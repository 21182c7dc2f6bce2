import { describe, expect, it } from 'vitest';
import { canInsert, countCharacters, fitsLimit, remainingCharacters } from './character-count';

describe('character counting', () => {
  it('counts a link as 23 characters on X', () => {
    expect(countCharacters('twitter', 'https://example.com/a/very/long/path/that/is/longer/than/23')).toBe(
      23,
    );
    expect(countCharacters('twitter', 'see example.com')).toBe(4 + 23);
  });

  it('counts an emoji as 2 on X', () => {
    expect(countCharacters('twitter', '😀')).toBe(2);
  });

  it('accepts 280 characters on X and refuses 281', () => {
    expect(fitsLimit('twitter', 'a'.repeat(280))).toBe(true);
    expect(fitsLimit('twitter', 'a'.repeat(281))).toBe(false);
    expect(remainingCharacters('twitter', 'a'.repeat(281))).toBe(-1);
  });

  it('lets a long link fit in a tweet because it counts as 23', () => {
    const text = `${'a'.repeat(256)} https://example.com/${'x'.repeat(200)}`;
    expect(countCharacters('twitter', text)).toBe(256 + 1 + 23);
    expect(fitsLimit('twitter', text)).toBe(true);
  });

  it('counts an emoji as 4 on Threads', () => {
    expect(countCharacters('threads', '😀')).toBe(4);
    expect(countCharacters('threads', 'hi 😀')).toBe(7);
  });

  it('counts a whole emoji sequence by its UTF-8 bytes on Threads', () => {
    expect(countCharacters('threads', '❤️')).toBe(6);
    expect(countCharacters('threads', '👍🏽')).toBe(8);
    expect(countCharacters('threads', '🇫🇷')).toBe(8);
  });

  it('counts accented letters and text symbols as 1 on Threads', () => {
    expect(countCharacters('threads', 'café ©')).toBe(6);
  });

  it('refuses 126 four-byte emoji on Threads (504 > 500)', () => {
    expect(fitsLimit('threads', '😀'.repeat(125))).toBe(true);
    expect(fitsLimit('threads', '😀'.repeat(126))).toBe(false);
  });

  it('counts code points elsewhere, so an emoji is 1 on LinkedIn', () => {
    expect(countCharacters('linkedin', '😀')).toBe(1);
    expect(countCharacters('facebook', 'héllo')).toBe(5);
  });

  it('refuses a 2,000-character LinkedIn caption', () => {
    expect(fitsLimit('linkedin', 'a'.repeat(2000))).toBe(false);
    expect(remainingCharacters('linkedin', 'a'.repeat(2000))).toBe(-700);
  });

  it('counts an empty text as 0', () => {
    expect(countCharacters('twitter', '')).toBe(0);
    expect(remainingCharacters('tiktok', '')).toBe(150);
  });

  it('adds an emoji on X only if it fits', () => {
    expect(canInsert('twitter', 'a'.repeat(278), '😀')).toBe(true);
    expect(canInsert('twitter', 'a'.repeat(279), '😀')).toBe(false);
  });

  it('adds an emoji on LinkedIn only if it fits', () => {
    expect(canInsert('linkedin', 'a'.repeat(1299), '😀')).toBe(true);
    expect(canInsert('linkedin', 'a'.repeat(1300), '😀')).toBe(false);
  });

  it('inserts at the caret position when given', () => {
    expect(canInsert('tiktok', 'ab', 'c', 1)).toBe(true);
  });
});
