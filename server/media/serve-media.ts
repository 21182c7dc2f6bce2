import { Readable } from 'node:stream';
import type { MediaRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { mediaStore } from './media-store.js';

type ByteRange = { start: number; end: number };

/** Parses one `bytes=a-b`, `bytes=a-` or `bytes=-n` range; null for none, 'invalid' when unsatisfiable. */
function parseRange(header: string | undefined, size: number): ByteRange | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: answer the whole file, as RFC 9110 allows.
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'invalid';
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

/** `inline; filename="..."` with an ASCII fallback and the RFC 5987 form. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The stored bytes as a Response, honouring a single Range; the type is the one sniffed at upload. */
export async function mediaResponse(
  deps: AppDeps,
  row: MediaRow,
  rangeHeader: string | undefined,
  cacheControl: string,
): Promise<Response> {
  const store = mediaStore(deps.config);
  const size = await store.size(row.storagePath);
  const headers = new Headers({
    'Content-Type': row.mimeType,
    'Content-Disposition': contentDisposition(row.fileName),
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
    'Cache-Control': cacheControl,
    // Even if a browser renders it, an uploaded file can run no script against the app's origin.
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
  });
  if (size === null) return new Response(null, { status: 404 });
  const range = parseRange(rangeHeader, size);
  if (range === 'invalid') {
    headers.set('Content-Range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  headers.set('Content-Length', String(size === 0 ? 0 : end - start + 1));
  if (range) headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
  const body =
    size === 0
      ? null
      : (Readable.toWeb(
          await store.read(row.storagePath, { start, end }),
        ) as unknown as ReadableStream<Uint8Array>);
  return new Response(body, { status: range ? 206 : 200, headers });
}
