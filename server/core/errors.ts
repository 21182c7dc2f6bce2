import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ErrorCode } from '../../shared/http/errors.js';

const STATUS_BY_CODE: Record<ErrorCode, ContentfulStatusCode> = {
  validation_error: 400,
  invalid_credentials: 401,
  email_not_verified: 403,
  invalid_email: 400,
  weak_password: 400,
  email_in_use: 409,
  session_expired: 401,
  account_locked: 423,
  not_authenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  invalid_token: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  oauth_error: 400,
  platform_error: 502,
  not_configured: 503,
  internal_error: 500,
  unknown_error: 500,
  subscription_required: 402,
  insufficient_scope: 403,
  idempotency_key_reused: 422,
  idempotency_key_in_use: 409,
};

/** An error meant for the client: its code and message go on the wire as they are. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly field?: string;
  readonly details?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { status?: ContentfulStatusCode; field?: string; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? STATUS_BY_CODE[code];
    this.field = options.field;
    this.details = options.details;
  }

  toBody(requestId?: string): ApiErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.field ? { field: this.field } : {}),
      ...(this.details ? { details: this.details } : {}),
      ...(requestId ? { requestId } : {}),
    };
  }
}

export function notFound(message = 'Not found'): AppError {
  return new AppError('not_found', message);
}
