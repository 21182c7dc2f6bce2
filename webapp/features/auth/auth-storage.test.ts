import { beforeEach, describe, expect, it } from 'vitest';
import { peekReturnTo, RETURN_TO_KEY, takeReturnTo } from '../../shared/session/return-to';
import {
  clearPendingSignup,
  PENDING_SIGNUP_TTL_MS,
  readPendingSignup,
  savePendingSignup,
} from './pending-signup';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

beforeEach(() => {
  Object.assign(globalThis, { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
});

describe('the pending sign-up kept in the browser', () => {
  it('keeps only the e-mail and the time', () => {
    savePendingSignup('ada@example.com', 1_000);
    expect(JSON.parse(localStorage.getItem('postloom:pendingSignup') ?? '')).toEqual({
      email: 'ada@example.com',
      createdAt: 1_000,
    });
  });

  it('is forgotten after 10 minutes', () => {
    savePendingSignup('ada@example.com', 0);
    expect(readPendingSignup(PENDING_SIGNUP_TTL_MS)).toEqual({ email: 'ada@example.com', createdAt: 0 });
    expect(readPendingSignup(PENDING_SIGNUP_TTL_MS + 1)).toBeNull();
    expect(localStorage.getItem('postloom:pendingSignup')).toBeNull();
  });

  it('is cleared by Try with Another Email', () => {
    savePendingSignup('ada@example.com');
    clearPendingSignup();
    expect(readPendingSignup()).toBeNull();
  });
});

describe('the remembered origin path', () => {
  it('returns the remembered path once, then /dashboard', () => {
    sessionStorage.setItem(RETURN_TO_KEY, '/sent?page=2');
    expect(takeReturnTo()).toBe('/sent?page=2');
    expect(takeReturnTo()).toBe('/dashboard');
  });

  it('refuses addresses outside the app', () => {
    for (const bad of ['https://evil.example/', '//evil.example', 'javascript:alert(1)']) {
      sessionStorage.setItem(RETURN_TO_KEY, bad);
      expect(peekReturnTo()).toBe('/dashboard');
    }
  });
});
