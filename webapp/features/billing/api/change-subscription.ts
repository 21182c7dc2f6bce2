import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelAnswer } from '../../../../shared/billing/billing';
import { api } from '../../../lib/api-client';
import { billingKeys } from './billing-status';

export function cancelSubscription(): Promise<CancelAnswer> {
  return api<CancelAnswer>('/api/billing/cancel', { method: 'POST' });
}

export function resumeSubscription(): Promise<CancelAnswer> {
  return api<CancelAnswer>('/api/billing/resume', { method: 'POST' });
}

/** Cancel (at the period end) or resume; either way the status is read again afterwards. */
export function useChangeSubscription(change: 'cancel' | 'resume') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change === 'cancel' ? cancelSubscription : resumeSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.status }),
  });
}
