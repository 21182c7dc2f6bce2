// The sign-in and sign-up schemas in zod's tree-shakable `zod/mini` form, built on the rules in
// credential-rules.ts (their constants and messages): the server validates with them (through
// shared/auth/schemas.ts) and the password pages' forms reuse them.
import * as z from 'zod/mini';
import {
  AUTH_VALIDATION,
  EMAIL_LOCAL_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG,
} from './credential-rules.js';

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
    z.maxLength(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
  );

export const LoginInput = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, AUTH_VALIDATION.emailRequired),
      z.maxLength(EMAIL_MAX_LENGTH, AUTH_VALIDATION.emailTooLong),
    ),
  password: z
    .string()
    .check(
      z.minLength(1, AUTH_VALIDATION.passwordRequired),
      z.maxLength(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
    ),
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
