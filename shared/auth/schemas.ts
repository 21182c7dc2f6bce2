import { z } from 'zod';
import { pick } from 'zod/mini';
import {
  DEFAULT_TIMEZONE,
  isValidTimezone,
  PREFERENCE_MESSAGES,
  supportedLanguageTag,
} from '../settings/preference-values.js';
import { AUTH_VALIDATION, EMAIL_MAX_LENGTH } from './credential-rules.js';
import { Email, LoginInput, Password } from './credentials.js';

export { AUTH_VALIDATION, emailHints } from './credential-rules.js';
export { LoginInput, Password, PasswordResetInput, SignupForm, UpdatePasswordForm } from './credentials.js';

export const SignupInput = z.object({
  email: Email,
  password: Password,
  /** IANA zone from the browser, e.g. Europe/Berlin: one the server knows. */
  timezone: z
    .string()
    .trim()
    .refine(isValidTimezone, { error: PREFERENCE_MESSAGES.invalidTimezone })
    .default(DEFAULT_TIMEZONE),
  /**
   * BCP 47 tag from the browser, e.g. en-GB: kept when its language is one of the list, stored as
   * English when it is another language (a browser's language must not stop anyone signing up).
   */
  language: z
    .string()
    .trim()
    .transform((tag, ctx) => {
      const stored = supportedLanguageTag(tag);
      if (stored === null) ctx.addIssue({ code: 'custom', message: PREFERENCE_MESSAGES.invalidLanguage });
      return stored ?? 'en';
    })
    .default('en'),
});
export type SignupInput = z.infer<typeof SignupInput>;

export const TokenInput = pick(LoginInput, { email: true, password: true });
export type TokenInput = z.infer<typeof TokenInput>;

/** Confirm by the link's token, or by the 8-digit code and the e-mail it was sent to. */
export const ConfirmEmailInput = z.union([
  z.object({ token: z.string().min(1).max(200) }),
  z.object({
    email: z.string().trim().min(1, AUTH_VALIDATION.emailRequired).max(EMAIL_MAX_LENGTH),
    code: z
      .string()
      .trim()
      .regex(/^\d{8}$/, 'Enter the 8-digit code from the email'),
  }),
]);
export type ConfirmEmailInput = z.infer<typeof ConfirmEmailInput>;

export const ConfirmPreviewQuery = z.object({ token: z.string().min(1).max(200) });
export type ConfirmPreviewQuery = z.infer<typeof ConfirmPreviewQuery>;

/** Whose password a reset link resets (GET /api/auth/password/preview): the link stays unused. */
export const ResetPreviewQuery = z.object({ token: z.string().min(1).max(200) });
export type ResetPreviewQuery = z.infer<typeof ResetPreviewQuery>;

export const ResendConfirmationInput = z.object({ email: Email });
export type ResendConfirmationInput = z.infer<typeof ResendConfirmationInput>;

export const UpdatePasswordInput = z.object({ token: z.string().min(1).max(200), password: Password });
export type UpdatePasswordInput = z.infer<typeof UpdatePasswordInput>;

export const GoogleCallbackInput = z.object({
  code: z.string().min(1, 'Missing authorization parameters').max(4096),
  state: z.string().min(1, 'Missing authorization parameters').max(512),
  /** RFC 9207 issuer parameter, when the provider sends one. */
  iss: z.string().max(512).optional(),
  /** For a first sign-in that creates the user: the browser's zone and language. */
  timezone: z.string().trim().min(1).max(64).optional(),
  language: z.string().trim().min(1).max(35).optional(),
});
export type GoogleCallbackInput = z.infer<typeof GoogleCallbackInput>;

/** Token for clients without cookies (`POST /api/auth/token`). */
export interface TokenResponse {
  token: string;
  expiresAt: string;
}

/** "Sign in with the web app": the extension the token is for (checked against EXTENSION_IDS). */
export const ExtensionTokenInput = z.object({
  extensionId: z.string().regex(/^[a-p]{32}$/, 'This is not a browser extension id.'),
});
export type ExtensionTokenInput = z.infer<typeof ExtensionTokenInput>;

export const EXTENSION_NOT_ALLOWED =
  'This extension is not allowed to sign in to this Postloom server. The server operator can allow its id with EXTENSION_IDS.';
