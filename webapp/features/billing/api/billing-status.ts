import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingStatus } from '../../../../shared/billing/billing';
import { api } from '../../../lib/api-client';
import { useAppConfig } from '../../../shared/app-config/get-app-config';

export const billingKeys = {
  status: ['billing', 'status'] as const,
};

export function getBillingStatus(): Promise<BillingStatus> {
  return api<BillingStatus>('/api/billing/status');
}

export function billingStatusQueryOptions() {
  return queryOptions({ queryKey: billingKeys.status, queryFn: getBillingStatus, staleTime: 60_000 });
}

/**
 * The user's access and subscription. Only asked for when the server says billing is on, so a
 * self-hosted install never makes the call; `billingOn` is undefined while app-config loads.
 */
export function useBillingStatus(
  options: { refetchInterval?: (data: BillingStatus | undefined) => number | false } = {},
) {
  const config = useAppConfig();
  const billingOn = config.data ? config.data.billing === true : undefined;
  const status = useQuery({
    ...billingStatusQueryOptions(),
    enabled: billingOn === true,
    refetchInterval: options.refetchInterval
      ? (query) => options.refetchInterval?.(query.state.data) ?? false
      : undefined,
  });
  return { billingOn, status };
}
