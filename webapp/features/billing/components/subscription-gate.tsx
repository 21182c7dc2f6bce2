import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ApiError } from '../../../../shared/http/api-error';
import { ErrorScreen } from '../../../components/error-screen';
import { LoadingCard } from '../../../components/loading-card';
import { billingKeys, useBillingStatus } from '../api/billing-status';
import { Paywall } from './paywall';

/**
 * Pages that stay reachable without access (as on the server: settings, the subscription pages
 * and connecting the extension). Every other page inside the shell is gated, including pages
 * added later.
 */
const OPEN_PAGES = ['/settings', '/subscription', '/extension'];

function isOpenPage(pathname: string): boolean {
  return OPEN_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`));
}

/** The web app's side of the subscription gate: around every page of the signed-in shell. */
export function SubscriptionGate() {
  const { pathname } = useLocation();
  const { billingOn, status } = useBillingStatus();
  useRecheckOnPaymentRequired(billingOn === true);

  if (billingOn === false || isOpenPage(pathname)) return <Outlet />;
  if (billingOn === undefined || status.isPending)
    return <LoadingCard message="Loading..." className="mt-4" />;
  if (status.isError) return <ErrorScreen error={status.error} onRetry={() => status.refetch()} />;
  if (!status.data.access.allowed) return <Paywall access={status.data.access} />;
  return <Outlet />;
}

/** A 402 from any call (the trial ended while the page was open) re-reads the access at once. */
function useRecheckOnPaymentRequired(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const isPaymentRequired = (error: unknown) => error instanceof ApiError && error.status === 402;
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && isPaymentRequired(event.query.state.error)) {
        void queryClient.invalidateQueries({ queryKey: billingKeys.status });
      }
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && isPaymentRequired(event.mutation?.state.error)) {
        void queryClient.invalidateQueries({ queryKey: billingKeys.status });
      }
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [enabled, queryClient]);
}
