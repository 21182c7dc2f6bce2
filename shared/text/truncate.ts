/**
 * Shortening user text without breaking characters. `String.slice` counts UTF-16 units and cuts
 * an emoji in half (a lone surrogate shows as "\ufffd"); code points still split flags, skin
 * tones, family emoji and accents typed as combining marks. Text is cut between grapheme
 * clusters, the characters a reader sees.
 */

type Segmenter = { segment(text: string): Iterable<{ segment: string }> };

let segmenter: Segmenter | null | undefined;

function getSegmenter(): Segmenter | null {
  if (segmenter === undefined) {
    const Ctor = (Intl as unknown as { Segmenter?: new (locale?: string, options?: object) => Segmenter })
      .Segmenter;
    segmenter = Ctor ? new Ctor(undefined, { granularity: 'grapheme' }) : null;
  }
  return segmenter;
}

/** The text's user-perceived characters (code points where the runtime has no Intl.Segmenter). */
export function graphemes(text: string): string[] {
  const s = getSegmenter();
  if (!s) return Array.from(text);
  const out: string[] = [];
  for (const { segment } of s.segment(text)) out.push(segment);
  return out;
}

interface TruncateOptions {
  /** Added where the text was cut, counted within `max` (default: nothing). */
  ellipsis?: string;
  /**
   * What `max` counts: 'graphemes' (what a reader sees; the default) or 'utf16' (String length,
   * for a stored or sent field whose limit counts UTF-16 units).
   */
  unit?: 'graphemes' | 'utf16';
}

/** Whether `text` is longer than `max` in `unit`. */
export function exceeds(text: string, max: number, unit: TruncateOptions['unit'] = 'graphemes'): boolean {
  if (unit === 'utf16') return text.length > max;
  // A grapheme is at least one UTF-16 unit: a short string needs no segmenting.
  return text.length > max && graphemes(text).length > max;
}

/**
 * `text` cut to at most `max` characters (see `unit`) on a grapheme boundary, with `ellipsis`
 * when something was cut. Text within the limit comes back unchanged.
 */
export function truncateText(text: string, max: number, options: TruncateOptions = {}): string {
  const { ellipsis = '', unit = 'graphemes' } = options;
  if (max <= 0) return '';
  if (!exceeds(text, max, unit)) return text;
  const room = Math.max(0, max - (unit === 'utf16' ? ellipsis.length : graphemes(ellipsis).length));
  let out = '';
  let used = 0;
  for (const cluster of graphemes(text)) {
    const size = unit === 'utf16' ? cluster.length : 1;
    if (used + size > room) break;
    out += cluster;
    used += size;
  }
  return ellipsis && room < max ? out.trimEnd() + ellipsis : out;
}

/** The first character a reader sees, for initials in avatars ('' for empty text). */
export function firstGrapheme(text: string): string {
  return graphemes(text.trim().slice(0, 16))[0] ?? '';
}
