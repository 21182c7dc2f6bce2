// The sign-in and sign-up forms' schemas, in zod's tree-shakable `zod/mini` form: the sign-in
// pages validate with them and download about 5 KB of zod instead of the whole library (the web
// app's bundle budget, `npm run bench:bundle`). The server validates the same schemas
// (shared/auth/schemas.ts builds its inputs from them).
import * as z from 'zod/mini';

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

export const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL_MAX_LENGTH = 64;
const PASSWORD_MIN_LENGTH = 6;

/** A basic address pattern: something, an @, a domain with a dot; no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOCAL_PART_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export const Email = z.string().check(
  z.trim(),
  z.maxLength(EMAIL_MAX_LENGTH, AUTH_VALIDATION.emailTooLong),
  z.refine(
    (value: string) => value.split('@')[0]!.length <= EMAIL_LOCAL_MAX_LENGTH,
    AUTH_VALIDATION.emailUsernameTooLong,
  ),
  z.regex(EMAIL_PATTERN, AUTH_VALIDATION.emailInvalid),
);

export const Password = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, AUTH_VALIDATION.passwordTooShort),
    z.regex(/\d/, AUTH_VALIDATION.passwordNeedsNumber),
    z.maxLength(1024, 'Password is too long'),
  );

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

export const LoginInput = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, AUTH_VALIDATION.emailRequired),
      z.maxLength(EMAIL_MAX_LENGTH, AUTH_VALIDATION.emailTooLong),
    ),
  password: z.string().check(z.minLength(1, AUTH_VALIDATION.passwordRequired), z.maxLength(1024)),
  remember: z._default(z.boolean(), false),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** The sign-up form: the server's input plus the confirm field. */
export const SignupForm = z.object({ email: Email, password: Password, confirmPassword: z.string() }).check(
  z.refine((value) => value.password === value.confirmPassword, {
    message: AUTH_VALIDATION.passwordsDoNotMatch,
    path: ['confirmPassword'],
  }),
);
export type SignupForm = z.infer<typeof SignupForm>;

export const PasswordResetInput = z.object({ email: Email });
export type PasswordResetInput = z.infer<typeof PasswordResetInput>;

/** The update-password form: new password twice. */
export const UpdatePasswordForm = z.object({ password: Password, confirmPassword: z.string() }).check(
  z.refine((value) => value.password === value.confirmPassword, {
    message: AUTH_VALIDATION.passwordsDoNotMatch,
    path: ['confirmPassword'],
  }),
);
export type UpdatePasswordForm = z.infer<typeof UpdatePasswordForm>;
