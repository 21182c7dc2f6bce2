// What the routes' descriptions cannot say one by one: the server's address, the default security
// of an operation, the API token scope each needs, and the answers that follow from those.
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { API_ERROR_REF, ApiError, errorResponse, SIGNED_IN } from './openapi-responses.js';

/**
 * The API token scope an operation needs: a scope name, `null` when no API token may call it,
 * `undefined` when tokens have no say (server/api-tokens/route-scopes.ts answers it).
 */
export type ScopeForOperation = (method: string, openApiPath: string) => string | null | undefined;

export interface FinishOptions {
  /** The public address (APP_URL): the document's one server. */
  appUrl: string;
  scopeForOperation: ScopeForOperation;
  /** Whether the subscription gate may answer 402 for this operation. */
  isGated: (method: string, openApiPath: string) => boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type Document = OpenAPIV3_1.Document;

/**
 * Completes the generated document in place and answers it. An operation that names no security
 * needs a session (every such route sits behind requireAuth), so it can answer 401; one with a
 * scope names it on the bearer scheme and in `x-required-scope`, and can answer 403
 * `insufficient_scope`.
 */
export function finishOpenApiDocument(doc: Document, options: FinishOptions): Document {
  doc.servers = [{ url: options.appUrl.replace(/\/+$/, ''), description: 'This Postloom server' }];
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, ApiError: apiErrorJsonSchema() };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (operation) finishOperation(operation, method.toUpperCase(), path, options);
    }
  }
  return doc;
}

function finishOperation(
  operation: OpenAPIV3_1.OperationObject,
  method: string,
  path: string,
  options: FinishOptions,
): void {
  operation.responses ??= {};
  const responses = operation.responses;
  const add = (extra: OpenAPIV3_1.ResponsesObject) => {
    for (const [status, response] of Object.entries(extra)) responses[status] ??= response;
  };
  if (operation.requestBody) add(errorResponse(413));
  operation.security ??= SIGNED_IN;
  // Public (`[]`) or optional (`[{}, ...]`): no session needed, so no 401, gate or scope.
  if (operation.security.length === 0 || operation.security.some((r) => Object.keys(r).length === 0)) return;
  add(errorResponse(401));
  if (options.isGated(method, path)) add(errorResponse(402));
  const scope = options.scopeForOperation(method, path);
  if (scope === undefined) return;
  operation['x-required-scope' as keyof typeof operation] = scope as never;
  if (scope === null) {
    add(
      errorResponse(403, 'forbidden: API tokens cannot call this operation (the web app and extension can)'),
    );
    return;
  }
  operation.security = operation.security.map((requirement) =>
    'bearer' in requirement ? { bearer: [scope] } : requirement,
  );
  add(errorResponse(403, `insufficient_scope: an API token needs the \`${scope}\` scope`));
}

/** The 400 every validated request part can answer (hono-openapi adds it where a validator is). */
export const VALIDATION_ERROR_RESPONSE: OpenAPIV3_1.ResponseObject = {
  description: 'validation_error: `field` names the first field at fault, `message` says why',
  content: { 'application/json': { schema: { $ref: API_ERROR_REF } } },
};

function apiErrorJsonSchema(): OpenAPIV3_1.SchemaObject {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(ApiError, { io: 'output' });
  return schema as OpenAPIV3_1.SchemaObject;
}
