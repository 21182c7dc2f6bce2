import { escapeHtml } from '../escape-html.js';
import type { MailMessage } from '../mailer.js';
import { renderButton, renderLayout, renderParagraph } from './layout.js';

/** Sign-up confirmation: a single-use link (24 h) and the 8-digit code as an alternative. */
export function confirmEmailMessage({
  to,
  link,
  code,
}: {
  to: string;
  link: string;
  code: string;
}): MailMessage {
  const subject = 'Confirm your Postloom account';
  const html = renderLayout({
    title: subject,
    body: [
      renderParagraph('Welcome to Postloom! Confirm your email address to finish creating your account.'),
      renderButton(link, 'Confirm my email'),
      renderParagraph('Or enter this code on the confirmation screen:'),
      `<p style="margin:0 0 16px;font-size:28px;font-weight:700;letter-spacing:6px;font-family:monospace">${escapeHtml(code)}</p>`,
      renderParagraph('The link and the code work once and expire in 24 hours.'),
      renderParagraph("If you didn't sign up for Postloom, you can ignore this email."),
    ].join('\n'),
  });
  const text = [
    'Welcome to Postloom! Confirm your email address to finish creating your account.',
    '',
    `Confirm: ${link}`,
    '',
    `Or enter this code on the confirmation screen: ${code}`,
    '',
    'The link and the code work once and expire in 24 hours.',
    "If you didn't sign up for Postloom, you can ignore this email.",
  ].join('\n');
  return { to, subject, html, text };
}
