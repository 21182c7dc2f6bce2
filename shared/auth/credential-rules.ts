// The rules of the sign-in and sign-up forms as plain functions, without zod: the sign-in pages
// check their fields with them and do not download a schema library (the web app's bundle
// budget, `npm run bench:bundle`). The schemas in credentials.ts apply the same constants and
// messages on the server; credentials.test.ts checks that both give the same first message.

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
export const EMAIL_LOCAL_MAX_LENGTH = 64;
export const PASSWORD_MIN_LENGTH = 6;

/** A basic address pattern: something, an @, a domain with a dot; no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOCAL_PART_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export const PASSWORD_MAX_LENGTH = 1024;
export const PASSWORD_TOO_LONG = 'Password is too long';

/** A form's first problem per field (absent: the field is fine). */
export type FieldProblems<Field extends string> = Partial<Record<Field, string>>;

/** The sign-up address after trimming, in the schema's order: length, user name, format. */
export function emailProblem(raw: string): string | null {
  const value = raw.trim();
  if (value.length > EMAIL_MAX_LENGTH) return AUTH_VALIDATION.emailTooLong;
  if (value.split('@')[0]!.length > EMAIL_LOCAL_MAX_LENGTH) return AUTH_VALIDATION.emailUsernameTooLong;
  if (!EMAIL_PATTERN.test(value)) return AUTH_VALIDATION.emailInvalid;
  return null;
}

/** A new password, in the schema's order: length, a number, the upper bound. */
export function passwordProblem(value: string): string | null {
  if (value.length < PASSWORD_MIN_LENGTH) return AUTH_VALIDATION.passwordTooShort;
  if (!/\d/.test(value)) return AUTH_VALIDATION.passwordNeedsNumber;
  if (value.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  return null;
}

export interface LoginValues {
  email: string;
  password: string;
  remember?: boolean;
}

export function loginProblems(values: LoginValues): FieldProblems<'email' | 'password'> {
  const email = values.email.trim();
  const problems: FieldProblems<'email' | 'password'> = {};
  if (email.length === 0) problems.email = AUTH_VALIDATION.emailRequired;
  else if (email.length > EMAIL_MAX_LENGTH) problems.email = AUTH_VALIDATION.emailTooLong;
  if (values.password.length === 0) problems.password = AUTH_VALIDATION.passwordRequired;
  else if (values.password.length > PASSWORD_MAX_LENGTH) problems.password = PASSWORD_TOO_LONG;
  return problems;
}

export interface SignupValues {
  email: string;
  password: string;
  confirmPassword: string;
}

/** The sign-up form: each field on its own, and the confirmation always compared. */
export function signupProblems(values: SignupValues): FieldProblems<keyof SignupValues> {
  const problems: FieldProblems<keyof SignupValues> = {};
  const email = emailProblem(values.email);
  if (email) problems.email = email;
  const password = passwordProblem(values.password);
  if (password) problems.password = password;
  if (values.password !== values.confirmPassword)
    problems.confirmPassword = AUTH_VALIDATION.passwordsDoNotMatch;
  return problems;
}

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
