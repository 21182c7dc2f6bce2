// `/api/auth/*` in the OpenAPI document: the answers as zod schemas (the handlers answer through
// `reply` with the same ones, so both keep one shape) and each operation's description.
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import type { SessionUser } from '../../shared/auth/session.js';
import {
  errorResponse,
  errorResponses,
  jsonResponse,
  Ok,
  OPTIONAL_SESSION,
  otherResponse,
  PUBLIC,
} from '../http/openapi-responses.js';

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  timezone: z.string(),
  language: z.string(),
  timeFormat: z.enum(['12h', '24h']).nullable(),
  setupComplete: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string().describe('ISO time'),
}) satisfies z.ZodType<SessionUser>;

export const SessionAnswer = z.object({
  user: SessionUserSchema.nullable().describe('null when signed out'),
});

export const SignupAnswer = z.object({ email: z.string().describe('Where the confirmation mail went') });

export const TokenAnswer = z.object({
  token: z.string().describe('Send as `Authorization: Bearer <token>`'),
  expiresAt: z.string().describe('ISO time'),
});

export const EmailAnswer = z.object({ email: z.string() });

export const GoogleCallbackAnswer = z.object({
  ok: z.literal(true),
  reauthenticated: z.literal(true).optional().describe('Confirmed the signed-in user again; no new session'),
});

const tags = ['auth'];
const okResponse = jsonResponse(Ok, 'Done');
/** Every auth route spends the client network's sign-in budget. */
const limited = errorResponse(429);
const badToken = errorResponse(
  400,
  'invalid_token: the link is unknown, used or expired; or validation_error',
);
const signIn = {
  ...errorResponse(401, 'invalid_credentials: wrong e-mail or password'),
  ...errorResponse(403, 'email_not_verified: confirm the e-mail first'),
  ...errorResponses(423),
};

/** Each operation's description in the OpenAPI document. */
export const authDocs = {
  signup: describeRoute({
    tags,
    summary: 'Create an account',
    security: PUBLIC,
    responses: {
      ...jsonResponse(SignupAnswer, 'Created; a confirmation mail is on its way', 201),
      ...errorResponses(400, 429),
      ...errorResponse(409, 'email_in_use'),
    },
  }),
  login: describeRoute({
    tags,
    summary: 'Sign in with e-mail and password',
    security: PUBLIC,
    responses: { ...okResponse, ...errorResponses(400), ...signIn, ...limited },
  }),
  logout: describeRoute({
    tags,
    summary: 'End the current session',
    security: OPTIONAL_SESSION,
    responses: { ...okResponse, ...limited },
  }),
  token: describeRoute({
    tags,
    summary: 'A bearer token for clients without cookies',
    security: PUBLIC,
    responses: {
      ...jsonResponse(TokenAnswer, 'A 30-day token'),
      ...errorResponses(400),
      ...signIn,
      ...limited,
    },
  }),
  extensionToken: describeRoute({
    tags,
    summary: 'A bearer token the web app hands to an allowed browser extension',
    security: [{ cookie: [] }],
    responses: {
      ...jsonResponse(TokenAnswer, 'A token for the extension', 201),
      ...errorResponses(400, 401, 429),
      ...errorResponse(403, 'forbidden: not a web app session, or not our extension'),
    },
  }),
  session: describeRoute({
    tags,
    summary: 'The signed-in user, or { user: null } when signed out',
    description:
      'Always 200: being signed out is an expected answer, not an error, so signed-out pages do not log a failed request.',
    security: OPTIONAL_SESSION,
    responses: { ...jsonResponse(SessionAnswer, '{ user }'), ...limited },
  }),
  confirm: describeRoute({
    tags,
    summary: 'Confirm the e-mail by link token or 8-digit code',
    security: PUBLIC,
    responses: { ...okResponse, ...badToken, ...limited },
  }),
  confirmPreview: describeRoute({
    tags,
    summary: 'Whose address a confirmation link confirms (it stays unused)',
    security: PUBLIC,
    responses: { ...jsonResponse(EmailAnswer, 'The address'), ...badToken, ...limited },
  }),
  confirmResend: describeRoute({
    tags,
    summary: 'Send the confirmation e-mail again',
    security: PUBLIC,
    responses: { ...okResponse, ...errorResponses(400, 429) },
  }),
  passwordReset: describeRoute({
    tags,
    summary: 'E-mail a password reset link',
    security: PUBLIC,
    responses: { ...okResponse, ...errorResponses(400, 429) },
  }),
  passwordPreview: describeRoute({
    tags,
    summary: 'Whose password a reset link resets (the link stays unused); fills the username field',
    security: PUBLIC,
    responses: { ...jsonResponse(EmailAnswer, 'The address'), ...badToken, ...limited },
  }),
  passwordUpdate: describeRoute({
    tags,
    summary: 'Set a new password with a reset token; ends all sessions',
    security: PUBLIC,
    responses: { ...okResponse, ...badToken, ...limited },
  }),
  googleStart: describeRoute({
    tags,
    summary: 'Redirect to Google sign-in (reauth=true: confirm the signed-in user again, from settings)',
    security: OPTIONAL_SESSION,
    responses: {
      ...otherResponse(302, "To Google's consent page"),
      ...errorResponses(400, 429),
      ...errorResponse(401, 'not_authenticated: reauth=true without a session'),
      ...errorResponse(403, 'forbidden: reauth=true from a token, or by a user not linked to Google'),
      ...errorResponse(503, 'not_configured: Google sign-in is not set up'),
    },
  }),
  googleCallback: describeRoute({
    tags,
    summary: 'Finish Google sign-in with { code, state }',
    security: OPTIONAL_SESSION,
    responses: {
      ...jsonResponse(GoogleCallbackAnswer, 'Signed in, or the signed-in user confirmed again'),
      ...errorResponses(400, 429),
      ...errorResponse(401, 'oauth_error: Google refused, or the state is not this browser’s'),
    },
  }),
  googleRedirect: describeRoute({
    tags,
    summary: 'Finish Google sign-in from a redirect',
    security: OPTIONAL_SESSION,
    responses: {
      ...otherResponse(302, 'To the dashboard, to account deletion (reauth), or to /login?error=google'),
      ...errorResponses(400, 429),
    },
  }),
};
