import { describe, expect, it } from 'vitest';
import {
  AUTH_VALIDATION,
  emailHints,
  LoginInput,
  SignupForm,
  SignupInput,
  UpdatePasswordForm,
} from './schemas';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

const valid = { email: 'ada@example.com', password: 'secret1', timezone: 'Europe/Berlin', language: 'en-GB' };

describe('SignupInput', () => {
  it('accepts a valid e-mail and password with timezone and language', () => {
    expect(SignupInput.parse(valid)).toEqual(valid);
  });

  it('says a short password must be at least 6 characters', () => {
    expect(firstMessage(SignupInput.safeParse({ ...valid, password: 'ab1' }))).toBe(
      'Password must be at least 6 characters',
    );
  });

  it('says a password without a digit must contain a number', () => {
    expect(firstMessage(SignupInput.safeParse({ ...valid, password: 'abcdefgh' }))).toBe(
      'Password must contain at least one number',
    );
  });

  it('rejects an address without a domain as not valid', () => {
    expect(firstMessage(SignupInput.safeParse({ ...valid, email: 'ada@' }))).toBe(
      'Please enter a valid email address',
    );
    expect(firstMessage(SignupInput.safeParse({ ...valid, email: 'ada lovelace@example.com' }))).toBe(
      'Please enter a valid email address',
    );
  });

  it('says an address over 254 characters is too long', () => {
    const email = `ada@${'a'.repeat(250)}.com`;
    expect(firstMessage(SignupInput.safeParse({ ...valid, email }))).toBe('Email address is too long');
  });

  it('says a part before the @ over 64 characters is too long', () => {
    const email = `${'a'.repeat(65)}@example.com`;
    expect(firstMessage(SignupInput.safeParse({ ...valid, email }))).toBe('Email username is too long');
    expect(SignupInput.safeParse({ ...valid, email: `${'a'.repeat(64)}@example.com` }).success).toBe(true);
  });
});

describe('SignupForm', () => {
  it('says the confirm field does not match', () => {
    const result = SignupForm.safeParse({
      email: 'ada@example.com',
      password: 'secret1',
      confirmPassword: 'secret2',
    });
    expect(firstMessage(result)).toBe(AUTH_VALIDATION.passwordsDoNotMatch);
    expect(result.error?.issues[0]?.path).toEqual(['confirmPassword']);
  });
});

describe('UpdatePasswordForm', () => {
  it('uses the same password rules and confirm message', () => {
    expect(firstMessage(UpdatePasswordForm.safeParse({ password: 'abc', confirmPassword: 'abc' }))).toBe(
      'Password must be at least 6 characters',
    );
    expect(firstMessage(UpdatePasswordForm.safeParse({ password: 'abcdef1', confirmPassword: 'x' }))).toBe(
      'Passwords do not match',
    );
  });
});

describe('LoginInput', () => {
  it('requires an e-mail and a password', () => {
    expect(LoginInput.safeParse({ email: '', password: 'x' }).success).toBe(false);
    expect(LoginInput.safeParse({ email: 'ada@example.com', password: '' }).success).toBe(false);
  });

  it('defaults remember to false', () => {
    expect(LoginInput.parse({ email: 'ada@example.com', password: 'x' }).remember).toBe(false);
  });
});

describe('emailHints', () => {
  it('reports each live hint separately', () => {
    expect(emailHints('ada@example.com')).toEqual({ validFormat: true, usernameOk: true, domainOk: true });
    expect(emailHints('a(da@example.com').usernameOk).toBe(false);
    expect(emailHints('ada@example').domainOk).toBe(false);
    expect(emailHints('ada').validFormat).toBe(false);
  });
});
