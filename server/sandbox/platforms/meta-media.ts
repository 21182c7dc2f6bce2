/**
 * Meta "cURLs" the media of a publishing attempt (image_url, video_url, url, file_url).
 * The sandbox does the same: it downloads the address over HTTP, counts the bytes and
 * sniffs the format, so an unreachable address or a wrong format fails like on Meta.
 */

export type MediaFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'bmp' | 'mp4' | 'mov' | 'unknown';

type FetchedMedia =
  | { ok: true; bytes: number; format: MediaFormat }
  | { ok: false; reason: 'unreachable' | 'too_large' | 'empty'; message: string };

const IMAGE_FORMATS: MediaFormat[] = ['jpeg', 'png', 'gif', 'webp', 'bmp'];
const VIDEO_FORMATS: MediaFormat[] = ['mp4', 'mov'];
const MAX_CONCURRENT = 24;
const FETCH_TIMEOUT_MS = 20_000;

let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export function sniffFormat(head: Uint8Array): MediaFormat {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 2) === 'BM') return 'bmp';
  const box = ascii(4, 8);
  if (box === 'ftyp') return ascii(8, 10) === 'qt' ? 'mov' : 'mp4';
  if (box === 'moov' || box === 'mdat' || box === 'wide' || box === 'free') return 'mov';
  return 'unknown';
}

export function isImageFormat(format: MediaFormat): boolean {
  return IMAGE_FORMATS.includes(format);
}

export function isVideoFormat(format: MediaFormat): boolean {
  return VIDEO_FORMATS.includes(format);
}

/** Downloads `url` (http or https), reading at most maxBytes. */
export function fetchMedia(url: string, maxBytes: number): Promise<FetchedMedia> {
  return withSlot(async () => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { ok: false, reason: 'unreachable', message: 'The media URL is not a valid URL.' };
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      return { ok: false, reason: 'unreachable', message: 'The media URL must use http or https.' };
    }
    let response: Response;
    try {
      response = await fetch(parsed, { redirect: 'follow', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch {
      return {
        ok: false,
        reason: 'unreachable',
        message: 'Media download has failed: the URL could not be reached.',
      };
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return {
        ok: false,
        reason: 'unreachable',
        message: `Media download has failed: the URL answered HTTP ${response.status}.`,
      };
    }
    const reader = response.body.getReader();
    const head = new Uint8Array(16);
    let bytes = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (bytes < head.length) head.set(value.subarray(0, head.length - bytes), bytes);
        bytes += value.byteLength;
        if (bytes > maxBytes) {
          await reader.cancel();
          return {
            ok: false,
            reason: 'too_large',
            message: `The media is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
          };
        }
      }
    } catch {
      return {
        ok: false,
        reason: 'unreachable',
        message: 'Media download has failed: the transfer was interrupted.',
      };
    }
    if (bytes === 0)
      return { ok: false, reason: 'empty', message: 'Media download has failed: the file is empty.' };
    return { ok: true, bytes, format: sniffFormat(head.subarray(0, Math.min(bytes, head.length))) };
  });
}
