import type { Generated } from 'kysely';

/** Tables of users, sessions and sign-in records (auth); the Database interface in ../schema.ts lists every table. */

export interface UsersTable {
  id: string;
  email: string;
  passwordHash: string | null;
  emailConfirmedAt: number | null;
  googleSub: string | null;
  timezone: string;
  language: string;
  timeFormat: '12h' | '24h' | null;
  displayName: string | null;
  setupComplete: Generated<number>;
  createdAt: number;
  updatedAt: number;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the token the client holds; the token itself is never stored. */
  id: string;
  userId: string;
  expiresAt: number;
  /** 1: 30-day session extended when used; 0: ends after 30 minutes without activity. */
  remember: number;
  kind: 'cookie' | 'token';
  lastUsedAt: number;
  /** Where the session was last used from (active-sessions list). */
  userAgent: string | null;
  ip: string | null;
  /** When the user last signed in with Google in this session (sign-in or re-authentication). */
  googleAuthAt: number | null;
  createdAt: number;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  succeeded: number;
  createdAt: number;
}

export interface EmailTokensTable {
  id: string;
  userId: string;
  purpose: 'confirm' | 'reset';
  /** SHA-256 (hex) of the link token. */
  tokenHash: string;
  /** SHA-256 (hex) of the 8-digit code (confirmation only). */
  codeHash: string | null;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

export interface PasswordHistoryTable {
  id: Generated<number>;
  userId: string;
  passwordHash: string;
  createdAt: number;
}

export interface SecurityLogsTable {
  id: Generated<number>;
  userId: string;
  eventType: 'password_change' | 'api_token_created' | 'api_token_new_address' | 'api_token_revoked';
  success: number;
  errorMessage: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: number;
}
