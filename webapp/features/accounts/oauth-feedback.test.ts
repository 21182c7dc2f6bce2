import { describe, expect, it } from 'vitest';
import { readPopupMessage } from './oauth-feedback';

const ORIGIN = 'http://localhost:3000';

function message(data: unknown, origin = ORIGIN) {
  return new MessageEvent('message', { data, origin });
}

describe('popup messages', () => {
  it('accepts same-origin TikTok and Twitter messages', () => {
    const success = readPopupMessage(
      message({
        type: 'TIKTOK_AUTH_SUCCESS',
        feedback: { message: 'TikTok account connected successfully!' },
      }),
      ORIGIN,
    );
    expect(success?.feedback?.message).toBe('TikTok account connected successfully!');
    expect(readPopupMessage(message({ type: 'TWITTER_AUTH_ERROR', error: 'denied' }), ORIGIN)?.type).toBe(
      'TWITTER_AUTH_ERROR',
    );
  });

  it('ignores messages from another origin', () => {
    expect(
      readPopupMessage(
        message({ type: 'TIKTOK_AUTH_SUCCESS', feedback: { message: 'x' } }, 'https://evil.example'),
        ORIGIN,
      ),
    ).toBeNull();
  });

  it('ignores unknown types and malformed data', () => {
    expect(readPopupMessage(message({ type: 'SOMETHING_ELSE' }), ORIGIN)).toBeNull();
    expect(readPopupMessage(message('TIKTOK_AUTH_SUCCESS'), ORIGIN)).toBeNull();
    expect(readPopupMessage(message(null), ORIGIN)).toBeNull();
  });
});
