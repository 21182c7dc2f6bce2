import { z } from 'zod';
import {
  DEFAULT_TIMEZONE,
  isValidTimezone,
  PREFERENCE_MESSAGES,
  supportedLanguageTag,
} from '../settings/preferences.js';

/** Spec 01 section 5: the wording is a requirement; forms and the server share it. */
export const AUTH_VALIDATION = {
  passwordTooShort: 'Password must be at least 6 characters',
  passwordNeedsNumber: 'Password must contain at least one number',
  passwordsDoNotMatch: 'Passwords do not match',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email address is too long',
  emailUsernameTooLong: 'Email username is too long',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
} as const;

const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL_MAX_LENGTH = 64;
const PASSWORD_MIN_LENGTH = 6;

/** A basic address pattern: something, an @, a domain with a dot; no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOCAL_PART_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

const Email = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, AUTH_VALIDATION.emailTooLong)
  .refine(
    (value) => value.split('@')[0]!.length <= EMAIL_LOCAL_MAX_LENGTH,
    AUTH_VALIDATION.emailUsernameTooLong,
  )
  .regex(EMAIL_PATTERN, AUTH_VALIDATION.emailInvalid);

export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, AUTH_VALIDATION.passwordTooShort)
  .regex(/\d/, AUTH_VALIDATION.passwordNeedsNumber)
  .max(1024, 'Password is too long');

interface EmailHints {
  validFormat: boolean;
  usernameOk: boolean;
  domainOk: boolean;
}

/** The live hints under the sign-up e-mail field (spec 01 section 5). */
export function emailHints(value: string): EmailHints {
  const email = value.trim();
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at + 1) : '';
  return {
    validFormat: EMAIL_PATTERN.test(email) && email.length <= EMAIL_MAX_LENGTH,
    usernameOk: local.length > 0 && local.length <= EMAIL_LOCAL_MAX_LENGTH && LOCAL_PART_PATTERN.test(local),
    domainOk: DOMAIN_PATTERN.test(domain),
  };
}

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

/** The sign-up form: the server's input plus the confirm field. */
export const SignupForm = z
  .object({ email: Email, password: Password, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    message: AUTH_VALIDATION.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignupForm = z.infer<typeof SignupForm>;

export const LoginInput = z.object({
  email: z
    .string()
    .trim()
    .min(1, AUTH_VALIDATION.emailRequired)
    .max(EMAIL_MAX_LENGTH, AUTH_VALIDATION.emailTooLong),
  password: z.string().min(1, AUTH_VALIDATION.passwordRequired).max(1024),
  remember: z.boolean().default(false),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const TokenInput = LoginInput.pick({ email: true, password: true });
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

export const PasswordResetInput = z.object({ email: Email });
export type PasswordResetInput = z.infer<typeof PasswordResetInput>;

export const UpdatePasswordInput = z.object({ token: z.string().min(1).max(200), password: Password });
export type UpdatePasswordInput = z.infer<typeof UpdatePasswordInput>;

/** The update-password form: new password twice. */
export const UpdatePasswordForm = z
  .object({ password: Password, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    message: AUTH_VALIDATION.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type UpdatePasswordForm = z.infer<typeof UpdatePasswordForm>;

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
