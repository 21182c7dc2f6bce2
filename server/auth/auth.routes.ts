import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import {
  ConfirmEmailInput,
  ConfirmPreviewQuery,
  EXTENSION_NOT_ALLOWED,
  ExtensionTokenInput,
  GoogleCallbackInput,
  LoginInput,
  PasswordResetInput,
  ResendConfirmationInput,
  ResetPreviewQuery,
  SignupInput,
  TokenInput,
  UpdatePasswordInput,
} from '../../shared/auth/schemas.js';
import { GENERIC_MESSAGES } from '../../shared/http/errors.js';
import { AppError } from '../core/errors.js';
import { clientAddress } from '../http/client-address.js';
import { Ok, reply } from '../http/openapi-responses.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import {
  authDocs,
  EmailAnswer,
  GoogleCallbackAnswer,
  SessionAnswer,
  SignupAnswer,
  TokenAnswer,
} from './auth.openapi.js';
import {
  authRateLimit,
  clearGoogleStateCookie,
  currentSessionId,
  emailRateLimit,
  GOOGLE_STATE_COOKIE,
  GoogleStartQuery,
  reauthStarter,
} from './auth-route-helpers.js';
import { CONFIRM_TOKEN_INVALID, confirmEmail } from './confirm-email.js';
import { createApiToken } from './create-api-token.js';
import { createExtensionToken } from './create-extension-token.js';
import { previewEmailToken } from './email-tokens.js';
import { finishGoogleSignIn } from './finish-google-sign-in.js';
import { GOOGLE_NOT_CONFIGURED, isGoogleConfigured } from './google-oidc.js';
import { login } from './login.js';
import { requestPasswordReset } from './request-password-reset.js';
import { resendConfirmation } from './resend-confirmation.js';
import { clearSessionCookie, setSessionCookie } from './session.middleware.js';
import { signup } from './signup.js';
import { OAUTH_STATE_TTL_MS, startGoogleSignIn } from './start-google-sign-in.js';
import { toSessionUser } from './to-session-user.js';
import { RESET_TOKEN_INVALID, updatePassword } from './update-password.js';

const ok = { ok: true } as const;

/** `/api/auth/*`: sign-up, sign-in, sessions, e-mail confirmation, password reset, Google. */
export function createAuthRoutes() {
  const limitEmail = emailRateLimit();
  return new Hono<AppEnv>()
    .use('*', authRateLimit())
    .post('/signup', authDocs.signup, validate('json', SignupInput), async (c) => {
      await limitEmail(c, c.req.valid('json').email);
      const result = await signup(c.var.deps, c.req.valid('json'));
      return reply(c, SignupAnswer, result, 201);
    })
    .post('/login', authDocs.login, validate('json', LoginInput), async (c) => {
      const session = await login(c.var.deps, c.req.valid('json'), clientAddress(c));
      setSessionCookie(c, session.token, session);
      return reply(c, Ok, ok);
    })
    .post('/logout', authDocs.logout, async (c) => {
      const session = c.var.session;
      if (session) await c.var.deps.lucia.invalidateSession(session.id);
      clearSessionCookie(c);
      return reply(c, Ok, ok);
    })
    .post('/token', authDocs.token, validate('json', TokenInput), async (c) => {
      const token = await createApiToken(c.var.deps, c.req.valid('json'), {
        ip: clientAddress(c),
        origin: c.req.header('origin'),
      });
      return reply(c, TokenAnswer, token);
    })
    .post(
      '/extension-token',
      authDocs.extensionToken,
      requireAuth,
      async (c, next) => {
        // Only the web app's own cookie session may mint one: a bearer token cannot multiply itself.
        if (c.var.session?.kind !== 'cookie') throw new AppError('forbidden', GENERIC_MESSAGES.forbidden);
        return next();
      },
      validate('json', ExtensionTokenInput),
      async (c) => {
        // Only for our own extension's ids: any other extension could open the connect page too.
        if (!c.var.deps.config.EXTENSION_IDS.includes(c.req.valid('json').extensionId)) {
          throw new AppError('forbidden', EXTENSION_NOT_ALLOWED);
        }
        return reply(c, TokenAnswer, await createExtensionToken(c.var.deps, currentUser(c).id), 201);
      },
    )
    .get('/session', authDocs.session, (c) => {
      const user = c.var.user;
      return reply(c, SessionAnswer, { user: user && c.var.session ? toSessionUser(user) : null });
    })
    .post('/confirm', authDocs.confirm, validate('json', ConfirmEmailInput), async (c) => {
      const session = await confirmEmail(c.var.deps, c.req.valid('json'));
      setSessionCookie(c, session.token, session);
      return reply(c, Ok, ok);
    })
    .get('/confirm/preview', authDocs.confirmPreview, validate('query', ConfirmPreviewQuery), async (c) => {
      // The link's holder sees whose account it opens before choosing to sign in as them.
      const email = await previewEmailToken(c.var.deps.db, 'confirm', c.req.valid('query').token);
      if (!email) throw new AppError('invalid_token', CONFIRM_TOKEN_INVALID);
      return reply(c, EmailAnswer, { email });
    })
    .post('/confirm/resend', authDocs.confirmResend, validate('json', ResendConfirmationInput), async (c) => {
      await limitEmail(c, c.req.valid('json').email);
      await resendConfirmation(c.var.deps, c.req.valid('json'));
      return reply(c, Ok, ok);
    })
    .post('/password/reset', authDocs.passwordReset, validate('json', PasswordResetInput), async (c) => {
      await limitEmail(c, c.req.valid('json').email);
      await requestPasswordReset(c.var.deps, c.req.valid('json'));
      return reply(c, Ok, ok);
    })
    .get('/password/preview', authDocs.passwordPreview, validate('query', ResetPreviewQuery), async (c) => {
      const email = await previewEmailToken(c.var.deps.db, 'reset', c.req.valid('query').token);
      if (!email) throw new AppError('invalid_token', RESET_TOKEN_INVALID);
      return reply(c, EmailAnswer, { email });
    })
    .post('/password/update', authDocs.passwordUpdate, validate('json', UpdatePasswordInput), async (c) => {
      await updatePassword(c.var.deps, c.req.valid('json'), {
        ipAddress: clientAddress(c),
        userAgent: c.req.header('user-agent') ?? null,
      });
      clearSessionCookie(c);
      return reply(c, Ok, ok);
    })
    .get('/google/start', authDocs.googleStart, validate('query', GoogleStartQuery), async (c) => {
      const { deps } = c.var;
      if (!isGoogleConfigured(deps.config)) throw new AppError('not_configured', GOOGLE_NOT_CONFIGURED);
      const query = c.req.valid('query');
      const { url, state } = await startGoogleSignIn(deps, {
        remember: query.remember === 'true',
        reauth: query.reauth === 'true' ? await reauthStarter(c) : undefined,
      });
      // Binds the flow to this browser: a callback link sent to someone else does not sign them in.
      setCookie(c, GOOGLE_STATE_COOKIE, state, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: deps.config.isHttps,
        path: '/api/auth/google',
        maxAge: OAUTH_STATE_TTL_MS / 1000,
      });
      return c.redirect(url, 302);
    })
    .post('/google/callback', authDocs.googleCallback, validate('json', GoogleCallbackInput), async (c) => {
      const result = await finishGoogleSignIn(
        c.var.deps,
        c.req.valid('json'),
        getCookie(c, GOOGLE_STATE_COOKIE),
        currentSessionId(c),
      );
      clearGoogleStateCookie(c);
      if (result.kind === 'reauthenticated') {
        return reply(c, GoogleCallbackAnswer, { ok: true, reauthenticated: true });
      }
      setSessionCookie(c, result.token, result);
      return reply(c, GoogleCallbackAnswer, ok);
    })
    .get('/google/callback', authDocs.googleRedirect, validate('query', GoogleCallbackInput), async (c) => {
      const { config } = c.var.deps;
      try {
        const result = await finishGoogleSignIn(
          c.var.deps,
          c.req.valid('query'),
          getCookie(c, GOOGLE_STATE_COOKIE),
          currentSessionId(c),
        );
        clearGoogleStateCookie(c);
        if (result.kind === 'reauthenticated') {
          return c.redirect(`${config.APP_URL}/settings/delete-account`, 302);
        }
        setSessionCookie(c, result.token, result);
        return c.redirect(`${config.APP_URL}/dashboard`, 302);
      } catch {
        return c.redirect(`${config.APP_URL}/login?error=google`, 302);
      }
    });
}
