import type { MailMessage } from '../mailer.js';
import { renderButton, renderLayout, renderParagraph } from './layout.js';

/** Password reset: a single-use link to /update-password, valid for one hour. */
export function resetPasswordMessage({ to, link }: { to: string; link: string }): MailMessage {
  const subject = 'Reset your Postloom password';
  const html = renderLayout({
    title: subject,
    body: [
      renderParagraph('Someone asked to reset the password of your Postloom account.'),
      renderButton(link, 'Choose a new password'),
      renderParagraph('The link works once and expires in 1 hour.'),
      renderParagraph("If you didn't ask for this, you can ignore this email: your password stays the same."),
    ].join('\n'),
  });
  const text = [
    'Someone asked to reset the password of your Postloom account.',
    '',
    `Choose a new password: ${link}`,
    '',
    'The link works once and expires in 1 hour.',
    "If you didn't ask for this, you can ignore this email: your password stays the same.",
  ].join('\n');
  return { to, subject, html, text };
}
