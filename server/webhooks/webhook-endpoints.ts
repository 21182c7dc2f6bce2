import {
  type CreateWebhookEndpointInput,
  type UpdateWebhookEndpointInput,
  WEBHOOK_MESSAGES,
  type WebhookEndpointDto,
  type WebhookEndpointWithSecret,
} from '../../shared/webhooks/api.js';
import { AppError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import type { AppDeps } from '../http/types.js';
import { toEndpointDto } from './webhook-dto.js';
import { generateWebhookSecret, PREVIOUS_SECRET_VALID_MS } from './webhook-secrets.js';
import { checkWebhookTarget, parseWebhookUrl } from './webhook-target.js';
import {
  countEndpoints,
  deleteEndpointRow,
  findEndpointRow,
  insertEndpoint,
  listEndpointRows,
  updateEndpointRow,
} from './webhooks.repository.js';

type Deps = Pick<AppDeps, 'db' | 'config' | 'cipher'>;

const MAX_ENDPOINTS = 20;

/** The address is checked as a delivery will check it, so a refused one is said at once. */
async function checkedUrl(deps: Deps, raw: string): Promise<string> {
  const options = { allowLoopback: deps.config.WEBHOOKS_ALLOW_LOOPBACK };
  const url = parseWebhookUrl(raw, options);
  await checkWebhookTarget(url, options);
  return url.toString();
}

export async function listWebhookEndpoints(deps: Deps, userId: string): Promise<WebhookEndpointDto[]> {
  return (await listEndpointRows(deps.db, userId)).map((row) => toEndpointDto(row));
}

/** A new endpoint and its secret, which this answer is the only one to show. */
export async function createWebhookEndpoint(
  deps: Deps,
  userId: string,
  input: CreateWebhookEndpointInput & { events: string[] },
): Promise<WebhookEndpointWithSecret> {
  const url = await checkedUrl(deps, input.url);
  if ((await countEndpoints(deps.db, userId)) >= MAX_ENDPOINTS) {
    throw new AppError('conflict', WEBHOOK_MESSAGES.limit);
  }
  const now = Date.now();
  const secret = generateWebhookSecret();
  const row = {
    id: newId(),
    userId,
    url,
    description: input.description ?? '',
    events: JSON.stringify(input.events),
    secret: deps.cipher.encrypt(secret),
    previousSecret: null,
    previousSecretExpiresAt: null,
    enabled: 1,
    disabledReason: null,
    createdAt: now,
    updatedAt: now,
  };
  await insertEndpoint(deps.db, row);
  return { endpoint: toEndpointDto(row, now), secret };
}

export async function updateWebhookEndpoint(
  deps: Deps,
  userId: string,
  id: string,
  input: ReturnType<typeof UpdateWebhookEndpointInput.parse>,
): Promise<WebhookEndpointDto> {
  const now = Date.now();
  const row = await updateEndpointRow(deps.db, userId, id, {
    ...(input.url !== undefined ? { url: await checkedUrl(deps, input.url) } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.events !== undefined ? { events: JSON.stringify(input.events) } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0, disabledReason: null } : {}),
    updatedAt: now,
  });
  if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
  return toEndpointDto(row, now);
}

export async function deleteWebhookEndpoint(deps: Deps, userId: string, id: string): Promise<void> {
  if (!(await deleteEndpointRow(deps.db, userId, id)))
    throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
}

/**
 * A new secret, shown once; the one it replaces keeps signing beside it for 24 hours so a
 * receiver can move to the new one without refusing a delivery in between.
 */
export async function rotateWebhookSecret(
  deps: Deps,
  userId: string,
  id: string,
): Promise<WebhookEndpointWithSecret> {
  const current = await findEndpointRow(deps.db, userId, id);
  if (!current) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
  const now = Date.now();
  const secret = generateWebhookSecret();
  const row = await updateEndpointRow(deps.db, userId, id, {
    secret: deps.cipher.encrypt(secret),
    previousSecret: current.secret,
    previousSecretExpiresAt: now + PREVIOUS_SECRET_VALID_MS,
    updatedAt: now,
  });
  if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
  return { endpoint: toEndpointDto(row, now), secret };
}
