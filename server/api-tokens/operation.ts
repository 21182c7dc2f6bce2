import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

/**
 * The operation a request reaches, as the OpenAPI document names it: `GET` and
 * `/api/posts/{id}` for `GET /api/posts/:id`. Undefined when no route answers it (a 404).
 * Middleware mounted with `use` (method ALL, paths ending in `*`) is not an operation.
 */
export function operationOf(c: Context): { method: string; path: string } | undefined {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  const route = matchedRoutes(c).find((entry) => entry.method === method && !entry.path.endsWith('*'));
  if (!route) return undefined;
  // `:id` and `:id{[0-9]+}` are both `{id}` in the document.
  const path = route.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
  return { method, path };
}
