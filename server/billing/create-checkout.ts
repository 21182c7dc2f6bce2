import { BILLING_MESSAGES, type CheckoutAnswer } from '../../shared/billing/billing.js';
import { AppError } from '../core/errors.js';
import type { AppDeps, AuthUser } from '../http/types.js';
import { lemonSqueezySettings, lemonSqueezyUrl } from './billing-settings.js';
import { ensureWebhook } from './ensure-webhook.js';
import { getUserAccess } from './get-billing-status.js';
import { createLemonSqueezyClient, LemonSqueezyError } from './lemonsqueezy-client.js';

/**
 * Creates a Lemon Squeezy checkout for the one plan with the user's e-mail and id (custom data,
 * returned in every webhook), redirecting to /subscription/success. Users have no name on file,
 * so the checkout asks for it.
 */
export async function createCheckout(deps: AppDeps, user: AuthUser): Promise<CheckoutAnswer> {
  const settings = lemonSqueezySettings(deps.config);
  if (!settings) throw new AppError('not_configured', BILLING_MESSAGES.billingOff);
  const { access, current } = await getUserAccess(deps, user);
  // A second subscription would bill twice: resume or keep the one that still runs.
  if (current && access.allowed) {
    const message =
      access.state === 'cancelling' ? BILLING_MESSAGES.resumeInstead : BILLING_MESSAGES.alreadySubscribed;
    throw new AppError('conflict', message);
  }
  const client = createLemonSqueezyClient(deps.config, settings);
  let checkoutUrl: string;
  try {
    await ensureWebhook(deps.config, settings, client);
    const checkout = await client.createCheckout({
      email: user.email,
      userId: user.id,
      redirectUrl: `${deps.config.APP_URL}/subscription/success`,
    });
    checkoutUrl = checkout.url;
  } catch (error) {
    if (!(error instanceof LemonSqueezyError)) throw error;
    deps.logger.warn('Lemon Squeezy checkout failed', { status: error.status, reason: error.message });
    throw new AppError('platform_error', BILLING_MESSAGES.failedToCheckout);
  }
  if (!isLemonSqueezyPage(checkoutUrl)) {
    deps.logger.warn('Lemon Squeezy returned an unexpected checkout address');
    throw new AppError('platform_error', BILLING_MESSAGES.failedToCheckout);
  }
  return { checkoutUrl: lemonSqueezyUrl(deps.config, checkoutUrl) };
}

/** The browser is only ever sent to an https page of Lemon Squeezy (or its sandbox twin). */
function isLemonSqueezyPage(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname.endsWith('.lemonsqueezy.com');
  } catch {
    return false;
  }
}
