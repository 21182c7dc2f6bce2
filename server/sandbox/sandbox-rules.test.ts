import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chunkRuleError } from './platforms/tiktok.js';
import { createSandboxContext } from './sandbox-context.js';
import { createSandboxState, listRequests, logRequest, REQUEST_LOG_CAPACITY } from './sandbox-state.js';

const MB = 1024 * 1024;

describe('TikTok chunk rules', () => {
  it('accepts a small file as one chunk and refuses it split', () => {
    expect(chunkRuleError(3 * MB, 3 * MB, 1)).toBeNull();
    expect(chunkRuleError(3 * MB, MB, 3)).not.toBeNull();
  });

  it('accepts floor(size / chunk) chunks whose last one absorbs the remainder', () => {
    expect(chunkRuleError(12 * MB, 5 * MB, 2)).toBeNull();
    expect(chunkRuleError(12 * MB, 5 * MB, 3)).not.toBeNull();
    expect(chunkRuleError(64 * MB, 64 * MB, 1)).toBeNull();
  });

  it('refuses chunks under 5 MB or over 64 MB for larger files', () => {
    expect(chunkRuleError(20 * MB, 4 * MB, 5)).not.toBeNull();
    expect(chunkRuleError(130 * MB, 65 * MB, 2)).not.toBeNull();
  });

  it('lets the final chunk absorb the remainder up to 128 MB', () => {
    // floor(127 / 64) = 1: the single chunk carries all 127 MB.
    expect(chunkRuleError(127 * MB, 64 * MB, 1)).toBeNull();
    expect(chunkRuleError(127 * MB, 64 * MB, 2)).not.toBeNull();
  });
});

describe('sandbox OAuth helpers', () => {
  it('remembers the first secret per client id and refuses another one', () => {
    const ctx = createSandboxContext(createSandboxState());
    expect(ctx.checkClient('twitter', 'app', 's1')).toBe(true);
    expect(ctx.checkClient('twitter', 'app', 's1')).toBe(true);
    expect(ctx.checkClient('twitter', 'app', 's2')).toBe(false);
    expect(ctx.checkClient('linkedin', 'app', 's2')).toBe(true);
  });

  it('verifies S256 and plain PKCE and refuses a missing verifier', () => {
    const ctx = createSandboxContext(createSandboxState());
    const verifier = crypto.randomBytes(32).toString('base64url');
    const s256 = crypto.createHash('sha256').update(verifier).digest('base64url');
    const code = (challenge: string, method: string) => {
      const value = ctx.issueCode({
        platform: 'twitter',
        clientId: 'c',
        redirectUri: 'http://a/cb',
        scopes: [],
        accountId: '1',
        codeChallenge: challenge,
        codeChallengeMethod: method,
        ttlMs: 1000,
      });
      return ctx.state.codes.get(value)!;
    };
    expect(ctx.verifyPkce(code(s256, 'S256'), verifier)).toBe(true);
    expect(ctx.verifyPkce(code(s256, 's256'), 'other')).toBe(false);
    expect(ctx.verifyPkce(code(verifier, 'plain'), verifier)).toBe(true);
    expect(ctx.verifyPkce(code(s256, 'S256'), undefined)).toBe(false);
  });

  it('makes a code single use and checks its redirect_uri', () => {
    const ctx = createSandboxContext(createSandboxState());
    const issue = () =>
      ctx.issueCode({
        platform: 'tiktok',
        clientId: 'c',
        redirectUri: 'http://a/cb',
        scopes: [],
        accountId: '1',
        ttlMs: 1000,
      });
    const code = issue();
    expect(ctx.consumeCode('tiktok', code, 'c', 'http://a/cb').ok).toBe(true);
    expect(ctx.consumeCode('tiktok', code, 'c', 'http://a/cb')).toEqual({ ok: false, reason: 'used' });
    expect(ctx.consumeCode('tiktok', issue(), 'c', 'http://evil/cb')).toEqual({
      ok: false,
      reason: 'redirect_mismatch',
    });
    expect(ctx.consumeCode('twitter', issue(), 'c', 'http://a/cb')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('expires tokens on the virtual clock', () => {
    const state = createSandboxState();
    const ctx = createSandboxContext(state);
    const { accessToken } = ctx.issueTokens({
      platform: 'tiktok',
      clientId: 'c',
      accountId: '1',
      scopes: [],
      accessTtlSec: 60,
    });
    expect(ctx.checkAccessToken('tiktok', accessToken).ok).toBe(true);
    state.clockOffsetMs += 60_000;
    expect(ctx.checkAccessToken('tiktok', accessToken)).toEqual({ ok: false, reason: 'expired' });
  });
});

describe('request log', () => {
  it('keeps only the most recent entries, oldest first', () => {
    const state = createSandboxState();
    for (let i = 0; i < REQUEST_LOG_CAPACITY + 5; i++) {
      logRequest(state, { time: '', method: 'GET', path: `/${i}`, platform: null, status: 200 });
    }
    const entries = listRequests(state);
    expect(entries).toHaveLength(REQUEST_LOG_CAPACITY);
    expect(entries[0]!.path).toBe('/5');
    expect(entries.at(-1)!.path).toBe(`/${REQUEST_LOG_CAPACITY + 4}`);
  });
});
