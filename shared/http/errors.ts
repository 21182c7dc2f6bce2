/**
 * The closed set of error codes on the wire: every failing API answer is
 * `{ code, message, field? }` with one of these codes.
 */
export const ERROR_CODES = [
  'validation_error',
  'invalid_credentials',
  'email_not_verified',
  'invalid_email',
  'weak_password',
  'email_in_use',
  'session_expired',
  'account_locked',
  'not_authenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'invalid_token',
  'payload_too_large',
  'unsupported_media_type',
  'oauth_error',
  'platform_error',
  'not_configured',
  'internal_error',
  'unknown_error',
  'subscription_required',
  'insufficient_scope',
  'idempotency_key_reused',
  'idempotency_key_in_use',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  /** For validation errors: the field at fault (dot path). */
  field?: string;
  /** Extra facts a client may act on (e.g. `{ action: 'reauthenticate' }`). */
  details?: Record<string, unknown>;
  requestId?: string;
}

/** Spec 01 section 8: sign-in messages by code. */
export const AUTH_MESSAGES = {
  invalid_credentials: 'The email or password you entered is incorrect. Please try again.',
  email_not_verified: 'Please verify your email address before signing in.',
  invalid_email: 'Please enter a valid email address.',
  weak_password: 'Your password must be at least 6 characters and include a number.',
  email_in_use: 'An account with this email already exists. Please sign in or reset your password.',
  network_error:
    'Unable to connect to authentication service. Please check your internet connection and try again.',
  session_expired: 'Your session has expired. Please sign in again to continue.',
  account_locked:
    'Your account has been temporarily locked due to multiple failed login attempts. Please try again later.',
  unknown_error: 'An unexpected authentication error occurred. Please try again.',
} as const;

export const GENERIC_MESSAGES = {
  not_authenticated: 'Not authenticated',
  not_found: 'Not found',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  internal_error: 'An unexpected error occurred. Please try again.',
  forbidden: "You don't have permission to perform this action.",
} as const;
