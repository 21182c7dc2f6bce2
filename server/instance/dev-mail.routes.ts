import { Hono } from 'hono';
import { isDirectLocalClient } from '../http/client-address.js';
import type { AppEnv } from '../http/types.js';
import { escapeHtml } from '../mail/escape-html.js';
import { openOutboxBody } from '../mail/mailer.js';

/**
 * `/dev/mail`: the local outbox, mounted only on a local server without SMTP_URL (it holds
 * every user's confirmation and reset links). It answers only clients on this machine that
 * did not come through a proxy; anyone else gets the same 404 as a server without it. Every
 * value is escaped; message bodies come from Postloom's own templates, and the page's
 * Content-Security-Policy forbids scripts in case anything slipped through.
 */
export function createDevMailRoutes() {
  return new Hono<AppEnv>()
    .use('*', async (c, next) => {
      if (!isDirectLocalClient(c)) return c.notFound();
      return next();
    })
    .use('*', async (c, next) => {
      await next();
      c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
      c.header('Cache-Control', 'no-store');
    })
    .get('/', async (c) => {
      const rows = await c.var.deps.db
        .selectFrom('mailOutbox')
        .select(['id', 'toAddress', 'subject', 'createdAt'])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      const items = rows
        .map(
          (row) =>
            `<li style="padding:12px 0;border-bottom:1px solid #e5e7eb"><a href="/dev/mail/${encodeURIComponent(row.id)}" style="color:#4338ca;font-weight:600">${escapeHtml(row.subject)}</a><br><span style="color:#4b5563;font-size:14px">to ${escapeHtml(row.toAddress)} · <time datetime="${new Date(row.createdAt).toISOString()}">${escapeHtml(new Date(row.createdAt).toISOString())}</time></span></li>`,
        )
        .join('');
      const body = rows.length
        ? `<ul style="list-style:none;padding:0;margin:0">${items}</ul>`
        : '<p>No messages yet.</p>';
      return c.html(
        page(
          'Outbox',
          `<h1 style="font-size:22px">Outbox</h1><p style="color:#4b5563">E-mails Postloom would have sent (no SMTP_URL is set). Newest first.</p>${body}`,
        ),
      );
    })
    .get('/:id', async (c) => {
      const row = await c.var.deps.db
        .selectFrom('mailOutbox')
        .selectAll()
        .where('id', '=', c.req.param('id'))
        .executeTakeFirst();
      if (!row)
        return c.html(
          page('Not found', '<p>No such message. <a href="/dev/mail">Back to the outbox</a></p>'),
          404,
        );
      const header = `<p><a href="/dev/mail" style="color:#4338ca">← Outbox</a></p>
<h1 style="font-size:22px">${escapeHtml(row.subject)}</h1>
<p style="color:#4b5563">to ${escapeHtml(row.toAddress)} · ${escapeHtml(new Date(row.createdAt).toISOString())}</p>`;
      // The HTML part is rendered as the recipient would see it; the text part below it.
      const { cipher } = c.var.deps;
      const html = openOutboxBody(cipher, row.html);
      const inner = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
      const message = `<section aria-label="HTML version" style="border:1px solid #e5e7eb;border-radius:8px;margin:16px 0">${inner}</section>
<details><summary>Text version</summary><pre style="white-space:pre-wrap">${escapeHtml(openOutboxBody(cipher, row.text))}</pre></details>`;
      return c.html(page(row.subject, header + message));
    });
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Postloom dev mail</title></head><body style="font-family:system-ui,sans-serif;max-width:760px;margin:0 auto;padding:16px;color:#111827">${body}</body></html>`;
}
