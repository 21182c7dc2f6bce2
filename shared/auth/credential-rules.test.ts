import { describe, expect, it } from 'vitest';
import { AUTH_VALIDATION, loginProblems, PASSWORD_TOO_LONG, signupProblems } from './credential-rules';
import { LoginInput, SignupForm } from './credentials';

/** The schema's first message per field, as the forms showed it when they validated with zod. */
function schemaProblems(result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of result.success ? [] : (result.error?.issues ?? [])) {
    const field = String(issue.path[0]);
    problems[field] ??= issue.message;
  }
  return problems;
}

const long = (length: number) => 'a'.repeat(length);
const emails = [
  '',
  '   ',
  'ada',
  'ada@example',
  ' ada@example.com ',
  'ada lovelace@example.com',
  `${long(65)}@example.com`,
  `${long(60)}@${long(200)}.com`,
  'ada@example.com',
];
const passwords = ['', 'abc', 'abcdef', 'abc123', `${long(1030)}`, `1${long(1030)}`, 'secret1'];

describe('the sign-in rules without zod', () => {
  it('give the sign-up schema’s first message for every field', () => {
    for (const email of emails) {
      for (const password of passwords) {
        for (const confirmPassword of [password, 'other1']) {
          const values = { email, password, confirmPassword };
          expect(signupProblems(values), JSON.stringify(values).slice(0, 80)).toEqual(
            schemaProblems(SignupForm.safeParse(values)),
          );
        }
      }
    }
  });

  it('give the login schema’s first message for every field', () => {
    for (const email of emails) {
      for (const password of passwords) {
        const values = { email, password, remember: false };
        expect(loginProblems(values), JSON.stringify(values).slice(0, 80)).toEqual(
          schemaProblems(LoginInput.safeParse(values)),
        );
      }
    }
  });

  it('say the spec’s words', () => {
    expect(signupProblems({ email: 'ada', password: 'abcdef', confirmPassword: 'x' })).toEqual({
      email: AUTH_VALIDATION.emailInvalid,
      password: AUTH_VALIDATION.passwordNeedsNumber,
      confirmPassword: AUTH_VALIDATION.passwordsDoNotMatch,
    });
    expect(loginProblems({ email: ' ', password: '' })).toEqual({
      email: AUTH_VALIDATION.emailRequired,
      password: AUTH_VALIDATION.passwordRequired,
    });
    expect(loginProblems({ email: 'ada@example.com', password: `1${long(1030)}` })).toEqual({
      password: PASSWORD_TOO_LONG,
    });
  });
});
