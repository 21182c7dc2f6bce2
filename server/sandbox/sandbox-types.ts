import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono } from 'hono';

/** Platforms the sandbox speaks for: the six publishing platforms plus Google sign-in. */
export type SandboxPlatform =
  | 'twitter'
  | 'facebook'
  | 'instagram'
  | 'linkedin'
  | 'tiktok'
  | 'threads'
  | 'google'
  | 'lemonsqueezy';

export interface SandboxSettings {
  /** Authorize pages redirect at once instead of showing the consent screen. */
  autoApprove: boolean;
  /** How long asynchronous work (media processing, containers, TikTok publishing) takes, in virtual ms. */
  containerDelayMs: number;
  /** Platform rate limits (X 100 creates / 15 min, TikTok 6 inits / min...). On by default. */
  rateLimits: boolean;
  /**
   * How long a new post takes to appear in the list endpoints (X user timeline, Page feed,
   * Instagram media, Threads threads and replies, LinkedIn posts by author), in virtual ms:
   * the platforms' read side is eventually consistent. At most SANDBOX_MAX_LIST_DELAY_MS.
   */
  listDelayMs: number;
}

export interface SandboxEnv {
  Bindings: HttpBindings;
  Variables: { platform: SandboxPlatform | null };
}

export type SandboxApp = Hono<SandboxEnv>;
export type SandboxContextC = Context<SandboxEnv>;

interface DemoIdentity {
  /** The platform's id for the account (X user id, LinkedIn sub, TikTok open_id...). */
  id: string;
  name: string;
  /** @handle without the @, when the platform has one. */
  handle?: string;
  email?: string;
  /** Absolute URL of the avatar (served by the sandbox). */
  avatarUrl: string;
}

export interface AuthCode {
  code: string;
  platform: SandboxPlatform;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  accountId: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  nonce?: string;
  expiresAt: number;
  used: boolean;
  /** Anything else a module wants back at the token endpoint (e.g. the Google e-mail). */
  extra: Record<string, string>;
}

export interface TokenRecord {
  token: string;
  kind: 'access' | 'refresh';
  platform: SandboxPlatform;
  clientId: string;
  accountId: string;
  scopes: string[];
  issuedAt: number;
  /** Virtual epoch ms; null = never expires. */
  expiresAt: number | null;
  revoked: boolean;
  /** Refresh tokens: set once used (rotation makes them single use). */
  consumed: boolean;
  /** The access token issued with this refresh token (and vice versa). */
  pairedWith?: string;
  extra: Record<string, string>;
}

/** `delay`: answer normally after `delayMs` (a slow platform). */
export type FaultKind = 'status' | 'timeout' | 'reset' | 'delay';

export interface Fault {
  id: string;
  platform?: string;
  method?: string;
  /** Plain strings, never regular expressions: the control API must not be able to stall the process. */
  path?: string;
  pathPrefix?: string;
  pathSuffix?: string;
  kind: FaultKind;
  status?: number;
  body?: unknown;
  /** Only rate-limit headers (see FAULT_HEADERS); a fault never sets cookies or content types. */
  headers?: Record<string, string>;
  /** delay: milliseconds to wait before handling the request. */
  delayMs?: number;
  /** Remaining uses; 0 = until cleared. */
  times: number;
  /** timeout/reset: let the handler run (the post is recorded), then never answer / drop the connection. */
  commit: boolean;
}

export interface RequestLogEntry {
  time: string;
  method: string;
  path: string;
  platform: string | null;
  /** 0 when the sandbox never answered (timeout fault) or dropped the connection. */
  status: number;
}

export interface PublishedMedia {
  kind: 'image' | 'video' | 'gif' | 'document' | 'article';
  url?: string;
  bytes?: number;
}

export interface PublishedPost {
  platform: SandboxPlatform;
  id: string;
  accountId: string;
  accountName: string;
  text: string;
  /** e.g. 'text', 'image', 'video', 'carousel', 'reel', 'story', 'document', 'article', 'photo'. */
  type: string;
  media: PublishedMedia[];
  replyToId: string | null;
  createdAt: string;
  /** Real-looking https URL of the post (served by the sandbox under /<host>/<path>). */
  permalink: string;
}

export interface PendingConsent {
  id: string;
  platform: SandboxPlatform;
  platformName: string;
  clientId: string;
  redirectUri: string;
  state?: string;
  scopes: string[];
  identity: DemoIdentity;
  /** Appended to the redirect (Instagram and Threads: '#_'). */
  fragment?: string;
  /** Google: the tester types the e-mail to sign in as. */
  emailInput?: { defaultEmail: string };
  /** Extra query parameters to add to the cancel redirect (e.g. Instagram's error_reason). */
  cancelParams?: Record<string, string>;
  /** Issues the authorization code for an approval; receives the form fields (e.g. email). */
  approve: (fields: { email?: string }) => string | Promise<string>;
}

export interface SandboxState {
  /** The options the sandbox started with (reset goes back to them). */
  initialSettings: SandboxSettings;
  settings: SandboxSettings;
  clockOffsetMs: number;
  /** `${platform}:${clientId}` -> the first secret seen. */
  clients: Map<string, string>;
  codes: Map<string, AuthCode>;
  tokens: Map<string, TokenRecord>;
  consents: Map<string, PendingConsent>;
  faults: Fault[];
  requests: RequestLogEntry[];
  /** Ring buffer write position once `requests` is full. */
  requestsNext: number;
  posts: PublishedPost[];
  rateWindows: Map<string, { start: number; count: number }>;
  /** Per-module state, created lazily by ctx.store() and dropped on reset. */
  modules: Map<string, unknown>;
  /** Hosts claimed by platform modules (first path segment -> platform). */
  hosts: Map<string, SandboxPlatform>;
}

export type AuthResult =
  | { ok: true; token: TokenRecord }
  | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

export type RefreshResult =
  | { ok: true; token: TokenRecord }
  | { ok: false; reason: 'invalid' | 'expired' | 'consumed' | 'client_mismatch' };

export type CodeResult =
  | { ok: true; code: AuthCode }
  | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'client_mismatch' | 'redirect_mismatch' };

export interface IssueTokensInput {
  platform: SandboxPlatform;
  clientId: string;
  accountId: string;
  scopes: string[];
  /** Seconds; null = no expiry. */
  accessTtlSec: number | null;
  /** Seconds; null = refresh token without expiry; undefined = no refresh token. */
  refreshTtlSec?: number | null;
  extra?: Record<string, string>;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken?: string;
  access: TokenRecord;
  refresh?: TokenRecord;
}

/** What every platform module receives. */
export interface SandboxContext {
  state: SandboxState;
  /** Virtual clock (epoch ms): real time plus the offset set by POST /_control/clock. */
  now(): number;
  /** Random opaque string (base64url) of `bytes` random bytes. */
  randomToken(bytes?: number): string;
  /** Random numeric id like X's snowflakes (19 digits). */
  numericId(): string;
  /** The sandbox's own origin as the client reached it, e.g. http://localhost:3100. */
  baseUrl(c: SandboxContextC): string;
  /** `https://<host>/<path>`: real-looking URL; the sandbox serves it at `<sandbox>/<host>/<path>`. */
  publicUrl(host: string, path: string): string;
  /** `<sandbox>/_sandbox/avatar/<name>.svg`. */
  avatarUrl(c: SandboxContextC, name: string): string;
  /** Per-module state object, created by `init` on first use and dropped by /_control/reset. */
  store<T>(key: string, init: () => T): T;

  /** Accept any client id; the first secret seen is remembered and a different one later is refused. */
  checkClient(platform: SandboxPlatform, clientId: string, clientSecret: string | undefined): boolean;
  issueCode(
    input: Omit<AuthCode, 'code' | 'used' | 'expiresAt' | 'extra'> & {
      ttlMs: number;
      extra?: Record<string, string>;
    },
  ): string;
  /** Single use; checks client and redirect_uri. Marks the code used even when later checks fail. */
  consumeCode(
    platform: SandboxPlatform,
    code: string,
    clientId: string,
    redirectUri: string | undefined,
  ): CodeResult;
  /** PKCE (S256 and plain). True when no challenge was sent with the authorize request. */
  verifyPkce(code: AuthCode, verifier: string | undefined): boolean;
  issueTokens(input: IssueTokensInput): IssuedTokens;
  /** Bearer header (or `access_token` query/form param when allowQueryParam) -> an unexpired access token. */
  authenticate(
    c: SandboxContextC,
    platform: SandboxPlatform,
    options?: { allowQueryParam?: boolean },
  ): AuthResult;
  /** Looks up an access token string directly (for tokens passed in bodies). */
  checkAccessToken(platform: SandboxPlatform, token: string | undefined): AuthResult;
  /** Marks a refresh token consumed (rotation); reuse answers `consumed`. */
  consumeRefreshToken(platform: SandboxPlatform, token: string, clientId: string): RefreshResult;
  /** Revokes a token (and its pair). Returns false when unknown. */
  revokeToken(platform: SandboxPlatform, token: string): boolean;

  /** Shows the consent page (or redirects at once under auto-approve). */
  consent(c: SandboxContextC, consent: Omit<PendingConsent, 'id'>): Promise<Response>;
  /** Records a published post for /_control/published and the /_sandbox page. */
  recordPost(post: Omit<PublishedPost, 'createdAt'>): PublishedPost;
  findPost(platform: SandboxPlatform, id: string): PublishedPost | undefined;
  /** HTML page showing one post (for the public post URLs). */
  renderPostPage(c: SandboxContextC, post: PublishedPost | undefined): Response;
  /** Fixed-window counter. Always allowed when settings.rateLimits is off. */
  rateLimit(
    key: string,
    limit: number,
    windowMs: number,
  ): { allowed: boolean; remaining: number; resetAt: number };
  /** Overrides the platform attributed to this request (for hosts shared by two platforms). */
  setPlatform(c: SandboxContextC, platform: SandboxPlatform): void;
  /** Reads a form or JSON body as a flat record of strings (token endpoints accept both). */
  readParams(c: SandboxContextC): Promise<Record<string, string>>;
  /** Reads a JSON body; undefined when it is not valid JSON. */
  readJson<T = Record<string, unknown>>(c: SandboxContextC): Promise<T | undefined>;
  /** HTTP Basic client credentials, if sent. */
  basicAuth(c: SandboxContextC): { clientId: string; clientSecret: string } | null;
}

/** A platform emulator: server/sandbox/platforms/<platform>.ts exports one as `default` or by name. */
export interface SandboxPlatformModule {
  platform: SandboxPlatform;
  /** First path segments this module serves (e.g. 'api.x.com'); used to attribute requests and faults. */
  hosts: string[];
  register(app: SandboxApp, ctx: SandboxContext): void;
}
