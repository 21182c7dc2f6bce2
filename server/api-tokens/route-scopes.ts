import type { ApiScope } from '../../shared/api-tokens/api-tokens.js';

/**
 * The scope an API token needs for each operation, keyed `METHOD /openapi/path`. `null`: never
 * reachable with an API token (sign-in, password, sessions, API tokens themselves, account
 * deletion, billing, connecting accounts, the web app's live stream and its notifications);
 * those stay the web app's, whatever scopes a token has. An operation missing here is refused
 * to tokens too (see scopeForOperation), so a new route is closed until someone decides.
 */
const OPERATION_SCOPES: Record<string, ApiScope | null> = {
  'GET /api/health': null,
  'GET /api/app-config': null,
  'GET /api/media/public/{id}': null,
  'POST /api/media': 'media:write',
  'POST /api/media/from-url': 'media:write',
  'GET /api/media/{id}': 'media:write',
  'DELETE /api/media/{id}': 'media:write',

  'POST /api/posts': 'posts:write',
  'POST /api/posts/import': 'posts:write',
  'GET /api/posts': 'posts:read',
  'GET /api/posts/calendar': 'posts:read',
  'POST /api/posts/identical': 'posts:read',
  'GET /api/posts/{id}': 'posts:read',
  'PATCH /api/posts/{id}': 'posts:write',
  'DELETE /api/posts/{id}': 'posts:write',
  'GET /api/posts/{id}/url': 'posts:read',
  'POST /api/posts/{id}/publish': 'posts:write',
  'GET /api/posts/{id}/attempts': 'posts:read',
  'POST /api/post-groups': 'posts:write',
  'GET /api/post-groups/{id}': 'posts:read',
  'PATCH /api/post-groups/{id}': 'posts:write',
  'DELETE /api/post-groups/{id}': 'posts:write',

  'GET /api/settings/preferences': null,
  'PATCH /api/settings/preferences': null,
  'GET /api/settings/notifications': null,
  'PUT /api/settings/notifications': null,
  'POST /api/settings/password': null,
  'GET /api/settings/sessions': null,
  'DELETE /api/settings/sessions/{id}': null,
  'GET /api/settings/export': null,
  'GET /api/settings/account/deletion': null,
  'DELETE /api/settings/account': null,

  'GET /api/events': null,
  'GET /api/notifications/push/key': null,
  'POST /api/notifications/push/subscriptions': null,
  'DELETE /api/notifications/push/subscriptions': null,
  'GET /api/notifications': null,
  'POST /api/notifications/read': null,
  'POST /api/notifications/read-all': null,
  'DELETE /api/notifications/{id}': null,

  'POST /api/auth/signup': null,
  'POST /api/auth/login': null,
  'POST /api/auth/logout': null,
  'POST /api/auth/token': null,
  'POST /api/auth/extension-token': null,
  'GET /api/auth/session': null,
  'POST /api/auth/confirm': null,
  'GET /api/auth/confirm/preview': null,
  'POST /api/auth/confirm/resend': null,
  'POST /api/auth/password/reset': null,
  'GET /api/auth/password/preview': null,
  'POST /api/auth/password/update': null,
  'GET /api/auth/google/start': null,
  'POST /api/auth/google/callback': null,
  'GET /api/auth/google/callback': null,

  'GET /api/api-tokens': null,
  'POST /api/api-tokens': null,
  'DELETE /api/api-tokens/{id}': null,

  'GET /api/accounts': 'accounts:read',
  'GET /api/accounts/platforms': 'accounts:read',
  'POST /api/accounts/facebook/pages': null,
  'GET /api/accounts/{platform}/connect': null,
  'POST /api/accounts/{platform}/callback': null,
  'DELETE /api/accounts/{id}': null,
  'GET /api/accounts/{id}/creator-info': 'accounts:read',
  'GET /api/accounts/{id}/mentions': 'accounts:read',

  'POST /api/billing/webhook': null,
  'GET /api/billing/status': null,
  'POST /api/billing/checkout': null,
  'POST /api/billing/cancel': null,
  'POST /api/billing/resume': null,

  'GET /api/schedule': 'posts:read',
  'POST /api/schedule/times': 'posts:write',
  'DELETE /api/schedule/times': 'posts:write',
  'DELETE /api/schedule/times/{id}': 'posts:write',
  'PUT /api/schedule/accounts/{accountId}': 'posts:write',
  'DELETE /api/schedule/accounts/{accountId}': 'posts:write',
  'GET /api/schedule/recommendations': 'posts:read',
  'POST /api/schedule/recommendations/apply': 'posts:write',
  'GET /api/schedule/next-slot': 'posts:read',

  'GET /api/queues': 'queues:write',
  'POST /api/queues': 'queues:write',
  'POST /api/queues/next-run': 'queues:write',
  'GET /api/queues/{id}': 'queues:write',
  'PATCH /api/queues/{id}': 'queues:write',
  'DELETE /api/queues/{id}': 'queues:write',
  'POST /api/queues/{id}/run': 'queues:write',
  'POST /api/queues/{id}/items': 'queues:write',
  'PUT /api/queues/{id}/items/order': 'queues:write',
  'PATCH /api/queues/{id}/items/{itemId}': 'queues:write',
  'DELETE /api/queues/{id}/items/{itemId}': 'queues:write',

  'GET /api/analytics': 'analytics:read',
  'POST /api/analytics/refresh': 'analytics:read',
  'GET /api/analytics/export': 'analytics:read',

  'GET /api/onboarding': null,
  'POST /api/onboarding/visit': null,
  'POST /api/onboarding/dismiss': null,
};

/**
 * Webhook endpoints (Settings > Webhooks, issue 27) all need `webhooks:write`, and feeds (which
 * fill queues and drafts, issue 28) `queues:write`, as the queues' own routes do: matched by
 * prefix, so their routes are open to tokens with that scope without listing each one here.
 */
const PREFIX_SCOPES: ReadonlyArray<readonly [prefix: string, scope: ApiScope]> = [
  ['/api/webhooks', 'webhooks:write'],
  ['/api/feeds', 'queues:write'],
];

/**
 * The scope an API token needs for an operation (`GET`, `/api/posts/{id}`): a scope name, `null`
 * when no token may ever call it, `undefined` when the operation is unknown (refused to tokens).
 */
export function scopeForOperation(method: string, openApiPath: string): string | null | undefined {
  const key = `${method.toUpperCase()} ${openApiPath}`;
  if (Object.hasOwn(OPERATION_SCOPES, key)) return OPERATION_SCOPES[key];
  for (const [prefix, scope] of PREFIX_SCOPES) {
    if (openApiPath === prefix || openApiPath.startsWith(`${prefix}/`)) return scope;
  }
  return undefined;
}

/** Every listed operation with its scope (for the tests that walk the excluded ones). */
export function listOperationScopes(): Array<{ method: string; path: string; scope: string | null }> {
  return Object.entries(OPERATION_SCOPES).map(([key, scope]) => {
    const [method = '', path = ''] = key.split(' ');
    return { method, path, scope };
  });
}
