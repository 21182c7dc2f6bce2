import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** `GET /api/app-config`: public facts the web app needs (no secrets). */
export interface AppConfig {
  supportUrl: string;
  googleSignIn: boolean;
  devMailbox: boolean;
  /** DEMO_MODE=on on a public APP_URL. */
  publicDemoMode: boolean;
  /** Extension ids "Sign in with the web app" may hand a token to. */
  extensionIds: string[];
  /** This server charges for access (BILLING=lemonsqueezy): the gate, banner and Subscription menu. */
  billing: boolean;
}

export const appConfigQueryKey = ['app-config'] as const;

export function getAppConfig(): Promise<AppConfig> {
  return api<AppConfig>('/api/app-config');
}

export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: appConfigQueryKey,
    queryFn: getAppConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
