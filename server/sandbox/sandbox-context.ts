import crypto from 'node:crypto';
import { renderConsentHtml, renderPostHtml } from './sandbox-html.js';
import type {
  AuthCode,
  AuthResult,
  CodeResult,
  IssuedTokens,
  IssueTokensInput,
  PublishedPost,
  RefreshResult,
  SandboxContext,
  SandboxContextC,
  SandboxPlatform,
  SandboxState,
  TokenRecord,
} from './sandbox-types.js';

export function createSandboxContext(state: SandboxState): SandboxContext {
  const now = () => Date.now() + state.clockOffsetMs;
  // Ids are the time in ms and a sequence within that ms: unique and time-ordered like X's
  // snowflakes, and cheap when thousands of posts arrive in the same second.
  let idAt = 0;
  let idSeq = 0;
  const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
  const baseUrl = (c: SandboxContextC) => new URL(c.req.url).origin;

  function tokenRecord(
    input: IssueTokensInput,
    kind: 'access' | 'refresh',
    ttlSec: number | null,
  ): TokenRecord {
    const issuedAt = now();
    return {
      token: randomToken(kind === 'access' ? 36 : 40),
      kind,
      platform: input.platform,
      clientId: input.clientId,
      accountId: input.accountId,
      scopes: input.scopes,
      issuedAt,
      expiresAt: ttlSec === null ? null : issuedAt + ttlSec * 1000,
      revoked: false,
      consumed: false,
      extra: input.extra ?? {},
    };
  }

  function checkAccessToken(platform: SandboxPlatform, token: string | undefined): AuthResult {
    if (!token) return { ok: false, reason: 'missing' };
    const record = state.tokens.get(token);
    if (record?.kind !== 'access' || record.platform !== platform || record.revoked) {
      return { ok: false, reason: 'invalid' };
    }
    if (record.expiresAt !== null && record.expiresAt <= now()) return { ok: false, reason: 'expired' };
    return { ok: true, token: record };
  }

  const ctx: SandboxContext = {
    state,
    now,
    randomToken,
    numericId: () => {
      const at = now();
      idSeq = at === idAt ? idSeq + 1 : 0;
      idAt = at;
      // 19 digits like X snowflakes: 13 of milliseconds, 6 of sequence.
      return `${at}${String(idSeq).padStart(6, '0')}`;
    },
    baseUrl,
    publicUrl: (host, path) => `https://${host}/${path.replace(/^\/+/, '')}`,
    avatarUrl: (c, name) => `${baseUrl(c)}/_sandbox/avatar/${encodeURIComponent(name)}.svg`,
    store<T>(key: string, init: () => T): T {
      let value = state.modules.get(key) as T | undefined;
      if (value === undefined) {
        value = init();
        state.modules.set(key, value);
      }
      return value;
    },

    checkClient(platform, clientId, clientSecret) {
      if (!clientId) return false;
      const key = `${platform}:${clientId}`;
      const known = state.clients.get(key);
      if (clientSecret === undefined || clientSecret === '') return true;
      if (known === undefined) {
        state.clients.set(key, clientSecret);
        return true;
      }
      return known === clientSecret;
    },

    issueCode(input) {
      const code = randomToken(24);
      const { ttlMs, extra, ...rest } = input;
      state.codes.set(code, { ...rest, code, used: false, expiresAt: now() + ttlMs, extra: extra ?? {} });
      return code;
    },

    consumeCode(platform, code, clientId, redirectUri): CodeResult {
      const record = state.codes.get(code);
      if (!record || record.platform !== platform) return { ok: false, reason: 'invalid' };
      if (record.used) return { ok: false, reason: 'used' };
      record.used = true;
      if (record.expiresAt <= now()) return { ok: false, reason: 'expired' };
      if (record.clientId !== clientId) return { ok: false, reason: 'client_mismatch' };
      if (record.redirectUri !== (redirectUri ?? '')) return { ok: false, reason: 'redirect_mismatch' };
      return { ok: true, code: record };
    },

    verifyPkce(code: AuthCode, verifier) {
      if (!code.codeChallenge) return true;
      if (!verifier) return false;
      const method = (code.codeChallengeMethod ?? 'plain').toLowerCase();
      if (method === 's256') {
        return crypto.createHash('sha256').update(verifier).digest('base64url') === code.codeChallenge;
      }
      return method === 'plain' && verifier === code.codeChallenge;
    },

    issueTokens(input): IssuedTokens {
      const access = tokenRecord(input, 'access', input.accessTtlSec);
      state.tokens.set(access.token, access);
      if (input.refreshTtlSec === undefined) return { accessToken: access.token, access };
      const refresh = tokenRecord(input, 'refresh', input.refreshTtlSec);
      refresh.pairedWith = access.token;
      access.pairedWith = refresh.token;
      state.tokens.set(refresh.token, refresh);
      return { accessToken: access.token, refreshToken: refresh.token, access, refresh };
    },

    authenticate(c, platform, options = {}) {
      const header = c.req.header('authorization');
      let token: string | undefined;
      if (header) {
        const match = /^(?:Bearer|OAuth)\s+(.+)$/i.exec(header.trim());
        token = match?.[1];
      }
      if (!token && options.allowQueryParam) token = c.req.query('access_token');
      return checkAccessToken(platform, token);
    },

    checkAccessToken,

    consumeRefreshToken(platform, token, clientId): RefreshResult {
      const record = state.tokens.get(token);
      if (record?.kind !== 'refresh' || record.platform !== platform || record.revoked) {
        return { ok: false, reason: 'invalid' };
      }
      if (record.clientId !== clientId) return { ok: false, reason: 'client_mismatch' };
      if (record.consumed) return { ok: false, reason: 'consumed' };
      if (record.expiresAt !== null && record.expiresAt <= now()) return { ok: false, reason: 'expired' };
      record.consumed = true;
      return { ok: true, token: record };
    },

    revokeToken(platform, token) {
      const record = state.tokens.get(token);
      if (!record || record.platform !== platform) return false;
      record.revoked = true;
      const pair = record.pairedWith ? state.tokens.get(record.pairedWith) : undefined;
      if (pair) pair.revoked = true;
      return true;
    },

    async consent(c, input) {
      const id = randomToken(16);
      const consent = { ...input, id };
      if (state.settings.autoApprove) {
        const email = consent.emailInput?.defaultEmail;
        const code = await consent.approve({ email });
        return c.redirect(approvalRedirect(consent.redirectUri, code, consent.state, consent.fragment), 302);
      }
      state.consents.set(id, consent);
      return c.html(renderConsentHtml(consent, `${baseUrl(c)}/_sandbox/consent/${id}`));
    },

    recordPost(post) {
      const recorded: PublishedPost = { ...post, createdAt: new Date(now()).toISOString() };
      state.posts.push(recorded);
      return recorded;
    },

    findPost(platform, id) {
      for (let i = state.posts.length - 1; i >= 0; i--) {
        const post = state.posts[i]!;
        if (post.platform === platform && post.id === id) return post;
      }
      return undefined;
    },

    renderPostPage(c, post) {
      return c.html(renderPostHtml(post, baseUrl(c)), post ? 200 : 404);
    },

    rateLimit(key, limit, windowMs) {
      const at = now();
      let window = state.rateWindows.get(key);
      if (!window || at >= window.start + windowMs) {
        window = { start: at, count: 0 };
        state.rateWindows.set(key, window);
      }
      const resetAt = window.start + windowMs;
      if (!state.settings.rateLimits) return { allowed: true, remaining: limit, resetAt };
      if (window.count >= limit) return { allowed: false, remaining: 0, resetAt };
      window.count += 1;
      return { allowed: true, remaining: limit - window.count, resetAt };
    },

    setPlatform(c, platform) {
      c.set('platform', platform);
    },

    async readParams(c) {
      const type = c.req.header('content-type') ?? '';
      const result: Record<string, string> = {};
      for (const [key, value] of Object.entries(c.req.query())) result[key] = value;
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return result;
      try {
        if (type.includes('application/json')) {
          const body = (await c.req.json()) as Record<string, unknown>;
          for (const [key, value] of Object.entries(body ?? {})) {
            result[key] = typeof value === 'string' ? value : JSON.stringify(value);
          }
        } else if (type.includes('form')) {
          const body = await c.req.parseBody();
          for (const [key, value] of Object.entries(body)) if (typeof value === 'string') result[key] = value;
        } else {
          const text = await c.req.text();
          for (const [key, value] of new URLSearchParams(text)) result[key] = value;
        }
      } catch {
        // An unreadable body reads as no parameters; the endpoint answers its own invalid_request.
      }
      return result;
    },

    async readJson<T>(c: SandboxContextC) {
      try {
        return (await c.req.json()) as T;
      } catch {
        return undefined;
      }
    },

    basicAuth(c) {
      const header = c.req.header('authorization');
      const match = header ? /^Basic\s+(.+)$/i.exec(header.trim()) : null;
      if (!match) return null;
      const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) return null;
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon)),
        clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
      };
    },
  };
  return ctx;
}

export function approvalRedirect(
  redirectUri: string,
  code: string,
  state?: string,
  fragment?: string,
): string {
  const url = new URL(redirectUri);
  url.searchParams.set('code', code);
  if (state !== undefined) url.searchParams.set('state', state);
  return `${url.toString()}${fragment ?? ''}`;
}

export function cancelRedirect(
  redirectUri: string,
  state?: string,
  extra: Record<string, string> = {},
): string {
  const url = new URL(redirectUri);
  url.searchParams.set('error', 'access_denied');
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
  if (!('error_description' in extra))
    url.searchParams.set('error_description', 'The user denied your request');
  if (state !== undefined) url.searchParams.set('state', state);
  return url.toString();
}
