import { request } from 'undici';
import { DELIVERY_TIMEOUT_MS } from '../../shared/webhooks/retry-schedule.js';
import { AppError } from '../core/errors.js';
import { pinnedAgent } from '../core/pinned-request.js';
import { signedHeaders } from './webhook-secrets.js';
import { checkWebhookTarget, parseWebhookUrl } from './webhook-target.js';

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * POSTs one signed delivery. The target is checked and pinned for this request (a DNS answer
 * that changed to a private address since the endpoint was saved is refused); a redirect is an
 * answer like any other non-2xx one and is never followed; the whole attempt, connection
 * included, ends after DELIVERY_TIMEOUT_MS. Never throws: the outcome says what happened.
 */
export async function sendWebhook(input: {
  url: string;
  secrets: readonly string[];
  eventId: string;
  body: string;
  allowLoopback: boolean;
  now?: Date;
}): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let agent: ReturnType<typeof pinnedAgent> | undefined;
  try {
    const url = parseWebhookUrl(input.url, { allowLoopback: input.allowLoopback });
    const target = await checkWebhookTarget(url, { allowLoopback: input.allowLoopback });
    agent = pinnedAgent(target, {
      connect: DELIVERY_TIMEOUT_MS,
      headers: DELIVERY_TIMEOUT_MS,
      body: DELIVERY_TIMEOUT_MS,
    });
    const headers = signedHeaders(input.secrets, {
      id: input.eventId,
      body: input.body,
      at: input.now ?? new Date(),
    });
    const response = await request(url, {
      method: 'POST',
      dispatcher: agent,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Postloom-Webhooks/1' },
      body: input.body,
    });
    // The answer's body is not needed; reading stops at once so a huge one costs nothing.
    await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    return {
      ok,
      statusCode: response.statusCode,
      durationMs: elapsed(),
      error: ok ? null : `The endpoint answered HTTP ${response.statusCode}.`,
    };
  } catch (error) {
    return { ok: false, statusCode: null, durationMs: elapsed(), error: describe(error) };
  } finally {
    void agent?.close().catch(() => undefined);
  }
}

function describe(error: unknown): string {
  if (error instanceof AppError) return error.message;
  const code = (error as { code?: string })?.code ?? '';
  const name = (error as { name?: string })?.name ?? '';
  if (code.includes('TIMEOUT') || name === 'TimeoutError' || name === 'AbortError') {
    return `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s.`;
  }
  if (code === 'ECONNREFUSED') return 'The connection was refused.';
  return 'The endpoint could not be reached.';
}
