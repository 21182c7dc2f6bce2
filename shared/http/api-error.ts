import { type ApiErrorBody, AUTH_MESSAGES, ERROR_CODES, type ErrorCode } from './errors.js';

/** The codes a client sees: the server's, and `network_error` when no answer came. */
type ClientErrorCode = ErrorCode | 'network_error';

/**
 * A failed API call, in the web app and the extension alike: the server's `{ code, message,
 * field, details }` and the HTTP status (0 when the network failed).
 */
export class ApiError extends Error {
  readonly code: ClientErrorCode;
  readonly status: number;
  readonly field?: string;
  readonly details?: Record<string, unknown>;

  constructor(
    status: number,
    body: { code?: ClientErrorCode; message?: string; field?: string; details?: Record<string, unknown> },
  ) {
    super(body.message || 'An unexpected error occurred. Please try again.');
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code ?? 'unknown_error';
    this.field = body.field;
    this.details = body.details;
  }
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * The error of a failed answer, read from its body text: the server's code, message, field and
 * details when it sent them, else `fallbackMessage` (a proxy's HTML page, an empty body).
 */
export function parseErrorBody(status: number, text: string, fallbackMessage: string): ApiError {
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  const body = (parsed && typeof parsed === 'object' ? parsed : {}) as Partial<
    Record<keyof ApiErrorBody, unknown>
  >;
  return new ApiError(status, {
    code: isErrorCode(body.code) ? body.code : undefined,
    message: typeof body.message === 'string' && body.message ? body.message : fallbackMessage,
    field: typeof body.field === 'string' ? body.field : undefined,
    details:
      body.details && typeof body.details === 'object'
        ? (body.details as Record<string, unknown>)
        : undefined,
  });
}

/** No answer at all (offline, DNS, refused connection). */
export function networkError(message: string = AUTH_MESSAGES.network_error): ApiError {
  return new ApiError(0, { code: 'network_error', message });
}
