import { escapeHtml } from '../escape-html.js';
import type { MailMessage } from '../mailer.js';
import { renderButton, renderLayout, renderParagraph } from './layout.js';

/** A notification the user asked to receive by e-mail (Settings > Notifications). */
export function notificationMessage({
  to,
  title,
  message,
  link,
  settingsLink,
}: {
  to: string;
  title: string;
  message: string;
  link: string;
  settingsLink: string;
}): MailMessage {
  const subject = `Postloom: ${title}`;
  const html = renderLayout({
    title: subject,
    body: [
      renderParagraph(message),
      renderButton(link, 'Open Postloom'),
      renderParagraph('You receive this because you turned on e-mail for this kind of notification.'),
      `<p style="margin:0;font-size:13px"><a href="${escapeHtml(settingsLink)}" style="color:#4f46e5">Change your notification settings</a></p>`,
    ].join('\n'),
  });
  const text = [
    message,
    '',
    `Open Postloom: ${link}`,
    '',
    'You receive this because you turned on e-mail for this kind of notification.',
    `Change your notification settings: ${settingsLink}`,
  ].join('\n');
  return { to, subject, html, text };
}
