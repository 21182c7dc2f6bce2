import crypto from 'node:crypto';
import type { SandboxContext, SandboxContextC, SandboxPlatform, TokenRecord } from '../sandbox-types.js';

/** Graph API request parameters: query string plus a JSON, urlencoded or multipart body. */
export interface GraphParams {
  params: Record<string, string>;
  files: Record<string, File>;
  /** Repeated or bracketed keys (`attached_media[0]`, `children[]`) keep every value here. */
  lists: Record<string, string[]>;
}

const GRAPH_VERSION = /^v\d+\.\d+$/;
const DAY_MS = 24 * 60 * 60 * 1000;
export const LONG_LIVED_SECONDS = 5_183_944;

export { DAY_MS };

/** The path segments after the host, with an optional leading Graph version (`v25.0`) removed. */
export function graphSegments(c: SandboxContextC, host: string): string[] {
  const rest = c.req.path.slice(host.length + 2);
  const segments = rest.split('/').filter((segment) => segment !== '');
  if (segments[0] && GRAPH_VERSION.test(segments[0])) segments.shift();
  return segments.map((segment) => decodeURIComponent(segment));
}

function addParam(result: GraphParams, key: string, value: string): void {
  const bracket = /^(.+?)\[[^\]]*\]$/.exec(key);
  const name = bracket ? bracket[1]! : key;
  const list = result.lists[name] ?? [];
  list.push(value);
  result.lists[name] = list;
  if (!(name in result.params) || !bracket) result.params[name] = value;
}

export async function readGraphParams(c: SandboxContextC): Promise<GraphParams> {
  const result: GraphParams = { params: {}, files: {}, lists: {} };
  const url = new URL(c.req.url);
  for (const [key, value] of url.searchParams) addParam(result, key, value);
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return result;
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const body = (await c.req.json()) as Record<string, unknown> | null;
      for (const [key, value] of Object.entries(body ?? {})) {
        if (Array.isArray(value)) {
          result.lists[key] = value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
          result.params[key] = JSON.stringify(value);
        } else {
          result.params[key] = typeof value === 'string' ? value : JSON.stringify(value);
        }
      }
    } else if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
      const body = await c.req.parseBody({ all: true });
      for (const [key, value] of Object.entries(body)) {
        for (const item of Array.isArray(value) ? value : [value]) {
          if (typeof item === 'string') addParam(result, key, item);
          else result.files[key] = item;
        }
      }
    }
  } catch {
    // An unreadable body reads as no parameters; the endpoint answers its own error.
  }
  return result;
}

/** Every value of a list-like parameter: `children=a,b`, `children[]=a&children[]=b` or a JSON array. */
export function listParam(input: GraphParams, name: string): string[] {
  const values = input.lists[name] ?? [];
  const result: string[] = [];
  for (const value of values) {
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        const parsed = JSON.parse(trimmed) as unknown[];
        for (const item of parsed) result.push(typeof item === 'string' ? item : JSON.stringify(item));
        continue;
      } catch {
        // Not JSON: fall through to the comma list.
      }
    }
    if (trimmed.startsWith('{')) result.push(trimmed);
    else result.push(...trimmed.split(',').map((item) => item.trim()));
  }
  return result.filter((item) => item !== '');
}

export function isTrue(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return value === 'true' || value === '1';
}

function fbtraceId(): string {
  return crypto.randomBytes(8).toString('base64url');
}

interface GraphErrorInput {
  status?: number;
  code: number;
  message: string;
  subcode?: number;
  type?: string;
  userTitle?: string;
  userMessage?: string;
}

/** Meta's Graph error envelope. */
export function graphError(c: SandboxContextC, input: GraphErrorInput): Response {
  const error: Record<string, unknown> = {
    message: input.message,
    type: input.type ?? 'OAuthException',
    code: input.code,
  };
  if (input.subcode !== undefined) error.error_subcode = input.subcode;
  if (input.userTitle) error.error_user_title = input.userTitle;
  if (input.userMessage) error.error_user_msg = input.userMessage;
  error.fbtrace_id = fbtraceId();
  if (input.code === 190) {
    c.header(
      'WWW-Authenticate',
      `OAuth "Facebook Platform" "invalid_token" "${input.message.replace(/"/g, "'")}"`,
    );
  }
  return c.json({ error }, (input.status ?? 400) as 400);
}

export function missingParam(c: SandboxContextC, name: string): Response {
  return graphError(c, { code: 100, message: `(#100) The parameter ${name} is required` });
}

export function unsupportedRequest(c: SandboxContextC, method: string, id: string): Response {
  return graphError(c, {
    code: 100,
    subcode: 33,
    type: 'GraphMethodException',
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
  });
}

/** The access token of a Graph call: `access_token` parameter or `Authorization: Bearer|OAuth <token>`. */
function graphTokenString(c: SandboxContextC, input: GraphParams): string | undefined {
  const header = c.req.header('authorization');
  const match = header ? /^(?:Bearer|OAuth)\s+(.+)$/i.exec(header.trim()) : null;
  return match?.[1] ?? input.params.access_token;
}

/** An unexpired token of the platform, or the Graph error to answer (code 190, as Meta does). */
export function requireGraphToken(
  ctx: SandboxContext,
  c: SandboxContextC,
  platform: SandboxPlatform,
  input: GraphParams,
): TokenRecord | Response {
  const result = ctx.checkAccessToken(platform, graphTokenString(c, input));
  if (result.ok) return result.token;
  if (result.reason === 'missing') {
    return graphError(c, { code: 104, message: 'An access token is required to request this resource.' });
  }
  if (result.reason === 'expired') {
    return graphError(c, {
      code: 190,
      subcode: 463,
      message: `Error validating access token: Session has expired. The current time is ${new Date(ctx.now()).toUTCString()}.`,
    });
  }
  return graphError(c, { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
}

/** Top-level names of a Graph `fields` list: `id,name,picture.type(large){url}` -> id, name, picture. */
function requestedFields(fields: string | undefined): string[] | null {
  if (!fields) return null;
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of fields) {
    if (char === '{' || char === '(') depth += 1;
    else if (char === '}' || char === ')') depth -= 1;
    else if (char === ',' && depth === 0) {
      names.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  names.push(current);
  return names.map((name) => name.split(/[.{(]/)[0]!.trim()).filter((name) => name !== '');
}

/** Keeps the requested fields (plus id, as Graph does); without `fields`, the defaults. */
export function selectFields(
  object: Record<string, unknown>,
  fields: string | undefined,
  defaults: string[],
): Record<string, unknown> {
  const names = requestedFields(fields) ?? defaults;
  const result: Record<string, unknown> = {};
  for (const name of names) if (object[name] !== undefined) result[name] = object[name];
  if (object.id !== undefined) result.id = object.id;
  return result;
}

/** Stable pseudo-random integer in [min, max] for a seed: insights stay the same between calls. */
export function seededInt(seed: string, min: number, max: number): number {
  const value = crypto.createHash('sha256').update(seed).digest().readUInt32BE(0);
  return min + (value % (max - min + 1));
}

export function shortcode(length = 11): string {
  return crypto.randomBytes(length).toString('base64url').slice(0, length);
}

/** A numeric Graph object id (15-17 digits like Meta's). */
export function graphId(): string {
  return `${crypto.randomInt(1, 10)}${crypto.randomInt(0, 1e8).toString().padStart(8, '0')}${crypto
    .randomInt(0, 1e8)
    .toString()
    .padStart(8, '0')}`;
}

/**
 * A Graph list edge over `items` (newest first): `since`/`until` (unix seconds or dates) on
 * `createdAt`, `limit` (1-100, default 25) a page with an `after` cursor. Null params are
 * invalid: the caller answers error 100.
 */
export function graphPage<T extends { createdAt: number }>(
  items: T[],
  params: Record<string, string>,
  nextUrl: (limit: number, after: string) => string,
): { data: T[]; paging: Record<string, unknown> } | null {
  const bound = (value: string | undefined) => {
    if (value === undefined || value === '') return null;
    const at = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value);
    return Number.isFinite(at) ? at : Number.NaN;
  };
  const since = bound(params.since);
  const until = bound(params.until);
  const limit = params.limit === undefined ? 25 : Number(params.limit);
  const offset = params.after ? Number(Buffer.from(params.after, 'base64url').toString()) : 0;
  if (Number.isNaN(since) || Number.isNaN(until)) return null;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100 || !Number.isInteger(offset) || offset < 0) {
    return null;
  }
  const selected = items.filter(
    (item) => (since === null || item.createdAt >= since) && (until === null || item.createdAt <= until),
  );
  const data = selected.slice(offset, offset + limit);
  const cursor = (at: number) => Buffer.from(String(at)).toString('base64url');
  const paging: Record<string, unknown> = {
    cursors: { before: cursor(offset), after: cursor(offset + data.length) },
  };
  if (offset + limit < selected.length) paging.next = nextUrl(limit, cursor(offset + limit));
  return { data, paging };
}

/** A moving 24-hour window of publish times (Meta's quotas are moving windows). */
export function windowCount(times: number[], now: number, windowMs = DAY_MS): number {
  while (times.length > 0 && times[0]! <= now - windowMs) times.shift();
  return times.length;
}

interface InsightValue {
  value: number;
  end_time: string;
}

/** Daily values between since and until (unix seconds), at most 90 days, deterministic per seed. */
export function dailyValues(
  seed: string,
  now: number,
  since: string | undefined,
  until: string | undefined,
  min: number,
  max: number,
): InsightValue[] {
  const end = until ? Number(until) * 1000 : now;
  const start = since ? Number(since) * 1000 : end - 2 * DAY_MS;
  const values: InsightValue[] = [];
  if (!Number.isFinite(start) || !Number.isFinite(end)) return values;
  const first = Math.floor(start / DAY_MS) * DAY_MS + DAY_MS;
  for (let day = first; day <= end + DAY_MS - 1 && values.length < 90; day += DAY_MS) {
    values.push({
      value: seededInt(`${seed}:${day}`, min, max),
      end_time: new Date(day + 7 * 60 * 60 * 1000).toISOString().replace('.000Z', '+0000'),
    });
  }
  return values;
}
