// The answers of an operation in the OpenAPI document, from the same zod schemas the handlers
// answer with: `jsonResponse` for a success, `errorResponses` for the `{ code, message }` model,
// and `reply`, which answers JSON only when the body fits the documented schema (checked by tsc).
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ResponsesWithResolver } from 'hono-openapi';
import { resolver } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { ERROR_CODES } from '../../shared/http/errors.js';

/** The error model on the wire (server/core/errors.ts writes it), as `#/components/schemas/ApiError`. */
export const ApiError = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string().describe('For people: shown as it is.'),
  field: z.string().optional().describe('validation_error: the field at fault (dot path).'),
  details: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("Facts a client may act on (a post group's `problems`, `{ action: 'reauthenticate' }`)."),
  requestId: z.string().optional().describe('internal_error: the id to quote to support.'),
});

export const API_ERROR_REF = '#/components/schemas/ApiError';

/** Signed in: the web app's cookie, or a bearer token (the extension's, or an API token). */
export const SIGNED_IN: OpenAPIV3_1.SecurityRequirementObject[] = [{ cookie: [] }, { bearer: [] }];
/** No session needed. */
export const PUBLIC: OpenAPIV3_1.SecurityRequirementObject[] = [];
/** Answers everyone, and says more to a signed-in caller. */
export const OPTIONAL_SESSION: OpenAPIV3_1.SecurityRequirementObject[] = [{}, ...SIGNED_IN];

/** `{ ok: true }`: done, nothing more to say. */
export const Ok = z.object({ ok: z.literal(true) });

/** `{ message }`: done, with a sentence to show. */
export const MessageAnswer = z.object({ message: z.string() });

/** What each status means in this API; a route may say more with `errorResponse`. */
const ERROR_MEANINGS = {
  400: 'validation_error (with `field`), or another refusal of the input: invalid_token, invalid_email, weak_password, oauth_error',
  401: 'not_authenticated or session_expired: no valid session or token came with the request',
  402: 'subscription_required: billing is on and the user has no access',
  403: 'forbidden: the caller may not do this',
  404: "not_found: no such resource among the user's own",
  409: 'conflict: the resource is in a state that refuses this',
  413: 'payload_too_large: the body is over its limit',
  415: 'unsupported_media_type: the file is not a supported image or video',
  422: 'The request is understood but cannot be carried out as it is',
  423: 'account_locked: too many failed sign-ins; try again later',
  429: 'rate_limited: too many requests; wait (Retry-After, when sent, says how long)',
  502: 'platform_error: the social platform refused or failed',
  503: 'not_configured: this server is not set up for it',
} as const;

export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** One error answer with the shared `{ code, message }` body. */
export function errorResponse(status: ErrorStatus, description: string = ERROR_MEANINGS[status]) {
  return {
    [status]: { description, content: { 'application/json': { schema: { $ref: API_ERROR_REF } } } },
  } satisfies ResponsesWithResolver;
}

/** The error answers an operation can give, each with the shared body and its usual meaning. */
export function errorResponses(...statuses: ErrorStatus[]): ResponsesWithResolver {
  return Object.assign({}, ...statuses.map((status) => errorResponse(status)));
}

/** A JSON success answer described by `schema`. */
export function jsonResponse(
  schema: z.ZodType,
  description: string,
  status: ContentfulStatusCode = 200,
): ResponsesWithResolver {
  return { [status]: { description, content: { 'application/json': { schema: resolver(schema) } } } };
}

/** A success answer that is not JSON (a file, a CSV, a stream, a redirect). */
export function otherResponse(
  status: number,
  description: string,
  mediaType?: string,
): ResponsesWithResolver {
  return {
    [status]: {
      description,
      ...(mediaType ? { content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } } } : {}),
    },
  };
}

/**
 * Answers `body` as JSON. It must fit `schema`, the one the operation's document shows: a change
 * of either without the other no longer typechecks.
 */
export function reply<Schema extends z.ZodType>(
  c: Context,
  _schema: Schema,
  body: z.output<Schema>,
  status: ContentfulStatusCode = 200,
) {
  return c.json(body as object, status);
}
