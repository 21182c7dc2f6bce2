import { BILLING_MESSAGES, type CancelAnswer } from '../../shared/billing/billing.js';
import { AppError } from '../core/errors.js';
import type { SubscriptionRow } from '../db/schema.js';
import type { AppDeps, AuthUser } from '../http/types.js';
import { findByProviderId, saveProviderState } from './billing.repository.js';
import { lemonSqueezySettings } from './billing-settings.js';
import { ensureWebhook } from './ensure-webhook.js';
import { getUserAccess, toSubscriptionDto } from './get-billing-status.js';
import {
  createLemonSqueezyClient,
  type LemonSqueezyClient,
  LemonSqueezyError,
} from './lemonsqueezy-client.js';
import type { LsSubscription } from './lemonsqueezy-resources.js';
import { toSubscriptionFields } from './subscription-mapping.js';

/**
 * Cancels the user's subscription at Lemon Squeezy: it stays active until the period end. The
 * answer is stored at once (so the page can show it) and the subscription_cancelled webhook
 * that follows confirms the same state.
 */
export async function cancelSubscription(deps: AppDeps, user: AuthUser): Promise<CancelAnswer> {
  const row = await currentRow(deps, user);
  if (!row || !toSubscriptionDto(row).canCancel) {
    throw new AppError('not_found', BILLING_MESSAGES.noSubscription);
  }
  return changeAtProvider(deps, user, row, BILLING_MESSAGES.failedToCancel, (client) =>
    client.cancelSubscription(row.providerSubscriptionId),
  );
}

/** Resumes a subscription set to cancel, before its period ends (subscription_resumed follows). */
export async function resumeSubscription(deps: AppDeps, user: AuthUser): Promise<CancelAnswer> {
  const row = await currentRow(deps, user);
  if (!row) throw new AppError('not_found', BILLING_MESSAGES.noSubscription);
  if (!toSubscriptionDto(row).canResume) throw new AppError('conflict', BILLING_MESSAGES.notCancelling);
  return changeAtProvider(deps, user, row, BILLING_MESSAGES.failedToResume, (client) =>
    client.resumeSubscription(row.providerSubscriptionId),
  );
}

async function currentRow(deps: AppDeps, user: AuthUser): Promise<SubscriptionRow | null> {
  return (await getUserAccess(deps, user)).current;
}

async function changeAtProvider(
  deps: AppDeps,
  user: AuthUser,
  row: SubscriptionRow,
  failure: string,
  change: (client: LemonSqueezyClient) => Promise<LsSubscription>,
): Promise<CancelAnswer> {
  const settings = lemonSqueezySettings(deps.config);
  if (!settings) throw new AppError('not_configured', BILLING_MESSAGES.billingOff);
  const client = createLemonSqueezyClient(deps.config, settings);
  let answer: LsSubscription;
  try {
    await ensureWebhook(deps.config, settings, client);
    answer = await change(client);
  } catch (error) {
    if (!(error instanceof LemonSqueezyError)) throw error;
    deps.logger.warn('Lemon Squeezy subscription change failed', {
      status: error.status,
      reason: error.message,
    });
    throw new AppError('platform_error', failure);
  }
  const now = Date.now();
  await saveProviderState(deps.db, {
    userId: user.id,
    providerSubscriptionId: row.providerSubscriptionId,
    fields: toSubscriptionFields(answer.attributes),
    now,
  });
  const saved = (await findByProviderId(deps.db, row.providerSubscriptionId)) ?? row;
  const subscription = toSubscriptionDto(saved, now);
  return { subscription, endsAt: subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : null };
}
