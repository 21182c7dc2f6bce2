import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { BILLING_MESSAGES, type CheckoutAnswer } from '../../../../shared/billing/billing';
import { ApiError } from '../../../../shared/http/api-error';
import { api } from '../../../lib/api-client';
import { billingKeys } from './billing-status';

export function startCheckout(): Promise<CheckoutAnswer> {
  return api<CheckoutAnswer>('/api/billing/checkout', { method: 'POST' });
}

/**
 * Subscribe Now: the server creates a Lemon Squeezy checkout and the browser goes there. The
 * spec only logs a failure; the user is told too, so the button never seems to do nothing.
 */
export function useStartCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ checkoutUrl }) => {
      window.location.assign(checkoutUrl);
    },
    onError: (error) => {
      console.error('Checkout failed', error);
      toast.error(
        error instanceof ApiError && error.message ? error.message : BILLING_MESSAGES.failedToCheckout,
      );
      void queryClient.invalidateQueries({ queryKey: billingKeys.status });
    },
  });
}
