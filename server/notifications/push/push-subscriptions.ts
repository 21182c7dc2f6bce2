import type { PushSubscriptionInput } from '../../../shared/settings/notification-preferences.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { refuseNonPublic, resolveTarget, TargetRefused } from '../../core/pinned-request.js';
import type { AppDeps } from '../../http/types.js';

export const PUSH_ENDPOINT_REFUSED = 'This push address cannot be used. Please allow notifications again.';

/**
 * The server will POST to the endpoint a browser hands it: only https addresses of push
 * services on the public internet are kept (ALLOW_PRIVATE_MEDIA_URLS lifts this for local tests).
 */
export async function savePushSubscription(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<void> {
  await checkEndpoint(deps, input.endpoint);
  const now = Date.now();
  // A browser re-subscribing (or one moving to another account) replaces its previous row.
  await deps.db
    .insertInto('pushSubscriptions')
    .values({
      id: newId(),
      userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      userAgent: userAgent?.slice(0, 300) ?? null,
      createdAt: now,
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        userId,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: userAgent?.slice(0, 300) ?? null,
        createdAt: now,
      }),
    )
    .execute();
}

export async function deletePushSubscription(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  endpoint: string,
): Promise<void> {
  await deps.db
    .deleteFrom('pushSubscriptions')
    .where('userId', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

async function checkEndpoint(deps: Pick<AppDeps, 'config'>, endpoint: string): Promise<void> {
  const url = new URL(endpoint);
  const allowPrivate = deps.config.ALLOW_PRIVATE_MEDIA_URLS;
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new AppError('validation_error', PUSH_ENDPOINT_REFUSED, { field: 'endpoint' });
  }
  try {
    await resolveTarget(url, allowPrivate ? null : refuseNonPublic);
  } catch (error) {
    if (error instanceof TargetRefused) {
      throw new AppError('validation_error', PUSH_ENDPOINT_REFUSED, { field: 'endpoint' });
    }
    throw error;
  }
}
