import { describeUserAgent } from '../../shared/settings/sessions.js';
import type { AppDeps } from '../http/types.js';
import { type SecurityEvent, securityNoticeMessage } from '../mail/templates/security-notice.js';

interface SecurityNoticeRequest {
  user: { email: string; timezone: string };
  event: SecurityEvent;
  ipAddress: string | null;
  userAgent: string | null;
  at?: number;
}

/**
 * E-mails the security notice through the normal mailer, whatever the notification settings.
 * Best effort: the change itself has happened, so a mail server that fails is logged (without the
 * address), never turned into an error for the user.
 */
export async function sendSecurityNotice(
  deps: Pick<AppDeps, 'config' | 'logger' | 'mailer'>,
  request: SecurityNoticeRequest,
): Promise<void> {
  const message = securityNoticeMessage({
    to: request.user.email,
    event: request.event,
    when: formatWhen(request.at ?? Date.now(), request.user.timezone),
    address: request.ipAddress && request.ipAddress !== 'unknown' ? request.ipAddress : 'unknown',
    browser: describeUserAgent(request.userAgent || null, 'cookie'),
    resetLink: `${deps.config.APP_URL}/reset-password`,
    supportUrl: deps.config.SUPPORT_URL,
  });
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.logger.warn('security notice not sent', {
      event: request.event,
      reason: error instanceof Error ? error.message : 'unknown',
    });
  }
}

/** "Wednesday, 25 November 2026 at 07:58 (Europe/Berlin, 06:58 UTC)", in the user's zone. */
function formatWhen(at: number, timezone: string): string {
  const utc = new Date(at).toISOString().slice(11, 16);
  try {
    const local = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: timezone,
    }).format(at);
    return timezone === 'UTC' ? `${local} UTC` : `${local} (${timezone}, ${utc} UTC)`;
  } catch {
    return `${new Date(at).toISOString().slice(0, 10)} ${utc} UTC`;
  }
}
