import type { MailMessage } from '../mailer.js';
import { renderButton, renderLayout, renderParagraph } from './layout.js';

export type SecurityEvent = 'password_changed' | 'password_reset' | 'account_deleted';

interface SecurityNoticeFacts {
  to: string;
  event: SecurityEvent;
  /** When it happened, already written out in the user's time zone. */
  when: string;
  /** The client's address as the server saw it (the approximate place). */
  address: string;
  /** The browser and system, from the user agent ("Chrome on Windows"). */
  browser: string;
  /** Where to reset the password. */
  resetLink: string;
  /** Where to reach the operator (SUPPORT_URL). */
  supportUrl: string;
}

const WORDING: Record<SecurityEvent, { subject: string; what: string; notYou: string[] }> = {
  password_changed: {
    subject: 'Your Postloom password was changed',
    what: 'The password of your Postloom account was changed.',
    notYou: [
      "If this wasn't you, someone else may be in your account: reset your password now with the button below (this signs out every browser and app), then check the active sessions under Settings > Privacy & Security.",
    ],
  },
  password_reset: {
    subject: 'Your Postloom password was reset',
    what: 'The password of your Postloom account was reset with a link sent to this address, and every session was signed out.',
    notYou: [
      "If this wasn't you, someone can read this mailbox: secure your e-mail account first (change its password), then reset your Postloom password again with the button below.",
    ],
  },
  account_deleted: {
    subject: 'Your Postloom account was deleted',
    what: 'Your Postloom account and all its data were deleted, and every session was signed out.',
    notYou: [
      "If this wasn't you, contact support at once with the time and address above, and change the password of your e-mail account: whoever did this knew your Postloom password or could sign in to your Google account.",
    ],
  },
};

/**
 * The notice after a change of how the user signs in (ASVS: tell the owner, so a takeover does
 * not go unnoticed): what happened, when, from which address and browser, and what to do if it
 * was not them. Sent whatever the notification settings say.
 */
export function securityNoticeMessage(facts: SecurityNoticeFacts): MailMessage {
  const wording = WORDING[facts.event];
  const details = [`When: ${facts.when}`, `Where: IP address ${facts.address}`, `Browser: ${facts.browser}`];
  const canReset = facts.event !== 'account_deleted';
  const html = renderLayout({
    title: wording.subject,
    body: [
      renderParagraph(wording.what),
      ...details.map(renderParagraph),
      renderParagraph("If this was you, there's nothing else to do."),
      ...wording.notYou.map(renderParagraph),
      canReset ? renderButton(facts.resetLink, 'Reset my password') : '',
      renderParagraph(`Support: ${facts.supportUrl}`),
    ]
      .filter(Boolean)
      .join('\n'),
  });
  const text = [
    wording.what,
    '',
    ...details,
    '',
    "If this was you, there's nothing else to do.",
    ...wording.notYou,
    ...(canReset ? [`Reset your password: ${facts.resetLink}`] : []),
    `Support: ${facts.supportUrl}`,
  ].join('\n');
  return { to: facts.to, subject: wording.subject, html, text };
}
