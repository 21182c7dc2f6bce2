import { ApiError } from '../../shared/http/api-error';
import { Button } from './button';

export const ERROR_SCREEN_MESSAGES = {
  network: 'Unable to connect. Please check your internet connection and try again.',
  timeout: 'The request timed out. Please try again.',
  permission: "You don't have permission to perform this action.",
  unknown: 'An unexpected error occurred. Please try again.',
} as const;

/** Spec 01 section 8 (General error screen): map any thrown value to one of four user messages. */
export function getErrorScreenMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.code === 'network_error') return ERROR_SCREEN_MESSAGES.network;
    if (error.status === 408 || error.status === 504) return ERROR_SCREEN_MESSAGES.timeout;
    if (error.status === 403 || error.code === 'forbidden') return ERROR_SCREEN_MESSAGES.permission;
  }
  const text =
    error instanceof Error ? `${error.name} ${error.message}` : typeof error === 'string' ? error : '';
  const lower = text.toLowerCase();
  if (/network|failed to fetch|offline|connect/.test(lower)) return ERROR_SCREEN_MESSAGES.network;
  if (/timed? ?out|timeout|aborterror/.test(lower)) return ERROR_SCREEN_MESSAGES.timeout;
  if (/permission|forbidden|not allowed|unauthori[sz]ed/.test(lower)) return ERROR_SCREEN_MESSAGES.permission;
  return ERROR_SCREEN_MESSAGES.unknown;
}

interface ErrorScreenProps {
  /** The thrown value; mapped to a user message. */
  error?: unknown;
  /** Called by 'Try again'; defaults to reloading the page. */
  onRetry?: () => void;
  /** Fill the viewport (route-level errors) or sit inside a page (default false). */
  fullScreen?: boolean;
  /** A feature's own message (e.g. 'Failed to fetch queues') instead of the mapped one. */
  message?: string;
}

/** 'Something went wrong' with a mapped message and a 'Try again' button (spec 01 sections 2 and 8). */
export function ErrorScreen({ error, onRetry, fullScreen = false, message }: ErrorScreenProps) {
  return (
    <div
      role="alert"
      className={`flex items-center justify-center p-6 ${fullScreen ? 'min-h-screen bg-gray-50' : 'min-h-64'}`}
    >
      <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            className="h-6 w-6"
            aria-hidden="true"
          >
            <path
              strokeLinecap="round"
              strokeLinejoin="round"
              d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
            />
          </svg>
        </div>
        <h1 className="font-semibold text-gray-900 text-xl">Something went wrong</h1>
        <p className="mt-2 text-gray-600 text-sm">{message ?? getErrorScreenMessage(error)}</p>
        <Button className="mt-6" onClick={onRetry ?? (() => window.location.reload())}>
          Try again
        </Button>
      </div>
    </div>
  );
}
