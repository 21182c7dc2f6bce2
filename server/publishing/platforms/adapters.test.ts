import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../core/logger.js';
import { graphJson } from '../../platforms/meta-graph.js';
import { PlatformError } from '../../platforms/platform-error.js';
import type { PlatformHttp, PlatformRequestInit } from '../../platforms/platform-http.js';
import type { PublishContext, PublishInput } from '../platform-adapter.js';
import { facebookErrorMessage, REELS_MESSAGE, STORY_MEDIA_MESSAGE } from './facebook.js';
import { INSTAGRAM_REELS_MESSAGE, instagramAdapter, instagramErrorMessage } from './instagram.js';
import { chunkPlan, tiktokAdapter } from './tiktok.js';
import { twitterAdapter } from './twitter.js';

type Handler = (url: string, init: PlatformRequestInit) => { status: number; body: unknown };

/** A PlatformHttp that answers from `handler` and classifies like the real one (401 auth, 429/5xx retry, 4xx permanent). */
function fakeHttp(handler: Handler): PlatformHttp {
  async function request(url: string, init: PlatformRequestInit = {}) {
    const { status, body } = handler(url, init);
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    if (status < 400) return new Response(text, { status });
    const message = init.mapError ? init.mapError(status, text) : text;
    if (status === 401) throw new PlatformError('auth', message, { httpStatus: status });
    if (status === 429 || status >= 500)
      throw new PlatformError('retryable', message, { httpStatus: status });
    throw new PlatformError('permanent', message, { httpStatus: status });
  }
  return {
    url: (u) => u,
    request,
    async json<T>(url: string, init?: PlatformRequestInit) {
      const response = await request(url, init);
      return { body: (await response.json()) as T, response };
    },
  };
}

function fakeCtx(handler: Handler, progress: Record<string, unknown> = {}): PublishContext {
  return {
    config: {} as PublishContext['config'],
    logger: createLogger('silent'),
    http: fakeHttp(handler),
    account: {
      id: 'acc',
      platform: 'tiktok',
      platformAccountId: 'open-id',
      accountName: 'Demo',
      accountHandle: 'demo',
      metadata: { username: 'demo' },
    },
    accessToken: async () => 'token',
    progress,
    saveProgress: async (patch) => {
      Object.assign(progress, patch);
    },
    // Virtual waiting: the clock jumps instead of the test sleeping.
    sleep: async (ms) => {
      vi.setSystemTime(Date.now() + ms);
    },
    signal: new AbortController().signal,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Graph error classes', () => {
  const answer = (code: number) => () => ({ status: 400, body: { error: { message: 'x', code } } });

  it('treats code 190 (expired or invalid token) as an auth failure, refreshed once by the engine', async () => {
    await expect(
      graphJson(fakeCtx(answer(190)), 'https://graph.facebook.com/v25.0/me', {
        mapError: facebookErrorMessage,
      }),
    ).rejects.toMatchObject({
      kind: 'auth',
    });
  });

  it('retries the transient and throttling codes and fails the rest at once', async () => {
    await expect(
      graphJson(fakeCtx(answer(2)), 'https://g/x', { mapError: facebookErrorMessage }),
    ).rejects.toMatchObject({ kind: 'retryable' });
    await expect(
      graphJson(fakeCtx(answer(32)), 'https://g/x', { mapError: facebookErrorMessage }),
    ).rejects.toMatchObject({ kind: 'retryable' });
    await expect(
      graphJson(fakeCtx(answer(100)), 'https://g/x', { mapError: facebookErrorMessage }),
    ).rejects.toMatchObject({ kind: 'permanent' });
  });
});

describe('Facebook and Instagram messages (spec 02 section 8)', () => {
  const graph = (message: string) => JSON.stringify({ error: { message, code: 100 } });

  it('maps the Reels and Stories refusals and wraps the rest', () => {
    expect(facebookErrorMessage(400, graph('(#100) Videos must be posted as Reels'))).toBe(REELS_MESSAGE);
    expect(facebookErrorMessage(400, graph('Stories require exactly one media file'))).toBe(
      STORY_MEDIA_MESSAGE,
    );
    expect(facebookErrorMessage(400, graph('(#506) Duplicate status message'))).toBe(
      `Facebook API error: ${graph('(#506) Duplicate status message')}`,
    );
    expect(facebookErrorMessage(502, '<html>Bad gateway</html>')).toBe('Failed to process the request');
  });

  it('shows the Reels message for obsolete video types and passes carousel and story messages through', () => {
    expect(instagramErrorMessage(400, graph('The media_type is obsolete'))).toBe(INSTAGRAM_REELS_MESSAGE);
    expect(instagramErrorMessage(400, graph('Use the REELS media type'))).toBe(INSTAGRAM_REELS_MESSAGE);
    expect(
      instagramErrorMessage(400, graph('(#100) A carousel needs between 2 and 10 children; got 1.')),
    ).toBe('(#100) A carousel needs between 2 and 10 children; got 1.');
    expect(instagramErrorMessage(400, graph('Invalid parameter'))).toBe(
      `Instagram API error: ${graph('Invalid parameter')}`,
    );
  });
});

describe('TikTok', () => {
  const MB = 1024 * 1024;

  it('plans chunks TikTok accepts: 5-64 MB, floor(size/chunk) of them, the last at most 128 MB', () => {
    for (const size of [1, 4 * MB, 5 * MB, 9.5 * MB, 10 * MB, 21 * MB, 64 * MB + 1, 700 * MB + 3]) {
      const { chunkSize, count } = chunkPlan(size);
      if (size < 5 * MB) {
        expect({ chunkSize, count }).toEqual({ chunkSize: size, count: 1 });
        continue;
      }
      expect(chunkSize).toBeGreaterThanOrEqual(5 * MB);
      expect(chunkSize).toBeLessThanOrEqual(64 * MB);
      expect(count).toBe(Math.floor(size / chunkSize));
      expect(size - (count - 1) * chunkSize).toBeLessThanOrEqual(128 * MB);
    }
  });

  it('keeps an accepted post that is still processing as posted with its publish_id and no address, never re-sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls: string[] = [];
    const ctx = fakeCtx(
      (url) => {
        calls.push(url);
        return { status: 200, body: { data: { status: 'PROCESSING_DOWNLOAD' }, error: { code: 'ok' } } };
      },
      { tiktokPublishId: 'p_pub_url~v2.1' },
    );
    const input = { postType: 'photo', content: 'x', media: [], metadata: {} } as unknown as PublishInput;
    const outcome = await tiktokAdapter.publish(ctx, input);

    expect(outcome).toEqual({ platformPostId: 'p_pub_url~v2.1', url: null });
    expect(calls.every((url) => url.endsWith('/post/publish/status/fetch/'))).toBe(true);
  });

  it("fails with TikTok's fail_reason", async () => {
    const ctx = fakeCtx(
      () => ({
        status: 200,
        body: { data: { status: 'FAILED', fail_reason: 'picture_size_check_failed' }, error: { code: 'ok' } },
      }),
      {
        tiktokPublishId: 'p1',
      },
    );
    const input = { postType: 'photo', content: 'x', media: [], metadata: {} } as unknown as PublishInput;
    await expect(tiktokAdapter.publish(ctx, input)).rejects.toMatchObject({
      kind: 'permanent',
      message: 'Action failed: picture_size_check_failed',
    });
  });
});

describe('asynchronous media processing bounds', () => {
  function fileMedia(kind: 'image' | 'video', mimeType: string) {
    return {
      id: 'm1',
      fileName: 'clip.mp4',
      mimeType,
      kind,
      sizeBytes: 10,
      path: fileURLToPath(import.meta.url),
      publicUrl: async () => 'https://app.example/api/media/public/m1',
      publicJpegUrl: async () => 'https://app.example/api/media/public/m1',
    };
  }

  it("fails an X video whose processing fails, with X's own message, before any tweet is sent", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls: string[] = [];
    const ctx = fakeCtx((url) => {
      calls.push(url);
      if (url.endsWith('/initialize')) return { status: 200, body: { data: { id: '9' } } };
      if (url.endsWith('/append')) return { status: 200, body: {} };
      if (url.endsWith('/finalize')) {
        return {
          status: 200,
          body: { data: { id: '9', processing_info: { state: 'pending', check_after_secs: 2 } } },
        };
      }
      return {
        status: 200,
        body: {
          data: {
            id: '9',
            processing_info: {
              state: 'failed',
              error: { name: 'InvalidMedia', message: 'Unsupported video format' },
            },
          },
        },
      };
    });
    const input = {
      postType: 'single',
      content: 'v',
      media: [fileMedia('video', 'video/mp4')],
      parts: null,
      metadata: {},
    } as unknown as PublishInput;
    await expect(twitterAdapter.publish(ctx, input)).rejects.toMatchObject({
      kind: 'permanent',
      message: 'Unsupported video format',
    });
    expect(calls.some((url) => url.endsWith('/2/tweets'))).toBe(false);
  });

  it('retries later an Instagram container still IN_PROGRESS past the bound, without publishing it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls: string[] = [];
    const ctx = fakeCtx((url) => {
      calls.push(url);
      if (url.endsWith('/media')) return { status: 200, body: { id: 'c1' } };
      return { status: 200, body: { id: 'c1', status_code: 'IN_PROGRESS', status: 'In progress' } };
    });
    const input = {
      postType: 'reel',
      content: 'r',
      media: [fileMedia('video', 'video/mp4')],
      parts: null,
      metadata: {},
    } as unknown as PublishInput;
    await expect(instagramAdapter.publish(ctx, input)).rejects.toMatchObject({ kind: 'retryable' });
    expect(calls.some((url) => url.includes('media_publish'))).toBe(false);
  });
});
