import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/http/api-error';
import { ERROR_SCREEN_MESSAGES, getErrorScreenMessage } from '../../components/error-screen';
import { getMinutesLeft, INACTIVITY_TIMEOUT_MS } from './use-inactivity-sign-out';
import { checkConnection } from './use-network-status';

const MINUTE = 60_000;

describe('the inactivity warning', () => {
  it('stays hidden until the last five minutes', () => {
    expect(getMinutesLeft(0)).toBeNull();
    expect(getMinutesLeft(24 * MINUTE)).toBeNull();
    expect(getMinutesLeft(25 * MINUTE)).toBe(5);
  });

  it('counts whole minutes down to one', () => {
    expect(getMinutesLeft(26 * MINUTE)).toBe(4);
    expect(getMinutesLeft(27.5 * MINUTE)).toBe(3);
    expect(getMinutesLeft(29.9 * MINUTE)).toBe(1);
  });

  it('gives way to the sign-out at thirty minutes', () => {
    expect(getMinutesLeft(INACTIVITY_TIMEOUT_MS)).toBeNull();
  });
});

describe('the reconnect check', () => {
  it('tries three times, waiting 1 s then 2 s, and reports failure', async () => {
    const waits: number[] = [];
    let calls = 0;
    const ok = await checkConnection(
      async () => {
        calls += 1;
        throw new TypeError('Failed to fetch');
      },
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(ok).toBe(false);
    expect(calls).toBe(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it('stops as soon as the server answers', async () => {
    let calls = 0;
    const ok = await checkConnection(
      async () => {
        calls += 1;
        return new Response('{}', { status: calls === 2 ? 200 : 503 });
      },
      async () => {},
    );
    expect(ok).toBe(true);
    expect(calls).toBe(2);
  });
});

describe('the general error screen message', () => {
  it('names a network failure', () => {
    expect(getErrorScreenMessage(new ApiError(0, { code: 'network_error' }))).toBe(
      ERROR_SCREEN_MESSAGES.network,
    );
    expect(getErrorScreenMessage(new TypeError('Failed to fetch'))).toBe(ERROR_SCREEN_MESSAGES.network);
  });

  it('names a timeout', () => {
    expect(getErrorScreenMessage(new ApiError(504, { message: 'Gateway Timeout' }))).toBe(
      'The request timed out. Please try again.',
    );
  });

  it('names a missing permission', () => {
    expect(getErrorScreenMessage(new ApiError(403, { code: 'forbidden', message: 'no' }))).toBe(
      "You don't have permission to perform this action.",
    );
  });

  it('falls back to the generic message', () => {
    expect(getErrorScreenMessage(new Error('boom'))).toBe('An unexpected error occurred. Please try again.');
    expect(getErrorScreenMessage(undefined)).toBe('An unexpected error occurred. Please try again.');
  });
});
