import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../shared/http/api-error';

/** One client for the app; failed queries retry once unless the server answered a 4xx. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
    },
  });
}
