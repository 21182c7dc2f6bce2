import { ApiError } from '../../../shared/http/api-error';
import { AUTH_MESSAGES } from '../../../shared/http/errors';

/** The text to show for a failed auth call: the server's message, or the spec's fallbacks. */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'network_error') return AUTH_MESSAGES.network_error;
    if (error.status >= 500) return AUTH_MESSAGES.unknown_error;
    return error.message;
  }
  return AUTH_MESSAGES.unknown_error;
}
