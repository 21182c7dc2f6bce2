import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Bytes that sniff as a JPEG, a PNG and an MP4 (the sandbox checks the magic numbers). */
const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]);
const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(512),
]);
export const MP4_BYTES = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.alloc(4096, 1),
]);

export interface MediaServer {
  url: string;
  close(): Promise<void>;
}

/** A stand-in for Postloom's signed media addresses: /photo.jpg, /photo.png, /clip.mp4, anything else 404. */
export async function startMediaServer(): Promise<MediaServer> {
  const files: Record<string, [Buffer, string]> = {
    '/photo.jpg': [JPEG_BYTES, 'image/jpeg'],
    '/photo.png': [PNG_BYTES, 'image/png'],
    '/clip.mp4': [MP4_BYTES, 'video/mp4'],
  };
  const server = http.createServer((req, res) => {
    const file = files[(req.url ?? '').split('?')[0] ?? ''];
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': file[1], 'content-length': file[0].byteLength }).end(file[0]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Calls the sandbox and returns status, parsed JSON body and headers. */
export async function call(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, body, headers: response.headers };
}

export function form(values: Record<string, string>): RequestInit {
  return { method: 'POST', body: new URLSearchParams(values) };
}

/** Follows the authorize redirect (auto-approve) and returns the code and the raw Location. */
export async function authorize(
  url: string,
): Promise<{ code: string; state: string | null; location: string }> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location') ?? '';
  const parsed = new URL(location.replace(/#_$/, ''));
  return { code: parsed.searchParams.get('code') ?? '', state: parsed.searchParams.get('state'), location };
}
