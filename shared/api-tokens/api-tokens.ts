import { z } from 'zod';

/** Every token starts so, for secret scanners to recognise a leaked one. */
export const API_TOKEN_PREFIX = 'pl_';

export const API_SCOPES = [
  'posts:read',
  'posts:write',
  'accounts:read',
  'media:write',
  'analytics:read',
  'queues:write',
  'webhooks:write',
] as const;
export const ApiScope = z.enum(API_SCOPES);
export type ApiScope = z.infer<typeof ApiScope>;

/** What each scope lets a program do: shown in Settings and on the API docs page. */
export const API_SCOPE_DESCRIPTIONS: Record<ApiScope, string> = {
  'posts:read': 'Read posts, post groups, the calendar and the posting schedule',
  'posts:write': 'Create, edit, publish and delete posts and post groups; change posting times',
  'accounts:read': 'List the connected accounts and their options',
  'media:write': 'Upload media (files or addresses), read and delete it',
  'analytics:read': 'Read and export analytics, refresh them',
  'queues:write': 'Read and change queues and their items',
  'webhooks:write': 'Manage webhook endpoints',
};

export const API_TOKEN_EXPIRIES = ['30d', '90d', '1y', 'never'] as const;
export const ApiTokenExpiry = z.enum(API_TOKEN_EXPIRIES);
export type ApiTokenExpiry = z.infer<typeof ApiTokenExpiry>;

export const API_TOKEN_EXPIRY_LABELS: Record<ApiTokenExpiry, string> = {
  '30d': '30 days',
  '90d': '90 days',
  '1y': '1 year',
  never: 'Never',
};

const DAY_MS = 86_400_000;
const EXPIRY_MS: Record<ApiTokenExpiry, number | null> = {
  '30d': 30 * DAY_MS,
  '90d': 90 * DAY_MS,
  '1y': 365 * DAY_MS,
  never: null,
};

/** The moment a token created at `now` with this choice stops working (null: never). */
export function apiTokenExpiresAt(expiry: ApiTokenExpiry, now: number): number | null {
  const ms = EXPIRY_MS[expiry];
  return ms === null ? null : now + ms;
}

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Please give the token a name',
  scopesRequired: 'Choose at least one scope',
  notFound: 'API token not found',
  cookieOnly: 'API tokens are managed from the Postloom web app only, never with a token.',
  tooMany: 'You have reached the limit of 50 API tokens. Revoke one you no longer use first.',
} as const;

export const CreateApiTokenInput = z.object({
  name: z.string().trim().min(1, API_TOKEN_MESSAGES.nameRequired).max(100),
  scopes: z
    .array(ApiScope)
    .min(1, API_TOKEN_MESSAGES.scopesRequired)
    .transform((scopes) => [...new Set(scopes)]),
  expiresIn: ApiTokenExpiry,
});
export type CreateApiTokenInput = z.input<typeof CreateApiTokenInput>;

export const ApiTokenSummary = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(ApiScope),
  /** The token's last four characters, to tell tokens apart (the rest is never stored). */
  hint: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiTokenSummary = z.infer<typeof ApiTokenSummary>;

export const ApiTokenList = z.object({ tokens: z.array(ApiTokenSummary) });
export type ApiTokenList = z.infer<typeof ApiTokenList>;

/** The creation answer: the only time the token itself is ever sent. */
export const CreatedApiToken = ApiTokenSummary.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;
