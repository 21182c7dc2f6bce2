import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Cipher } from '../core/crypto.js';
import { newId } from '../core/ids.js';
import type { Logger } from '../core/logger.js';
import type { Db } from '../db/database.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** True when messages go to the local outbox (no SMTP_URL, APP_URL on loopback). */
  readonly isOutbox: boolean;
}

/** The local outbox exists only on a plainly local server: no SMTP_URL and APP_URL on loopback. */
export function hasLocalOutbox(config: Config): boolean {
  return !config.SMTP_URL && config.isLocal;
}

export const SMTP_HINT =
  'E-mail is off: set SMTP_URL (for example smtp://user:password@smtp.example.org:587) so sign-up confirmations and password resets can be sent.';

/**
 * nodemailer, loaded with the first message: a server may send none for a long time, and loaded
 * at start it would hold memory for as long as it runs.
 */
function lazyTransport(options: string | { jsonTransport: true }): () => Promise<Transporter> {
  let transport: Promise<Transporter> | null = null;
  return () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options));
    return transport;
  };
}

/**
 * Real SMTP with SMTP_URL. Without it, on a local server, every message is rendered by
 * nodemailer and kept in the `mail_outbox` table, listed at /dev/mail, with its links printed
 * in the log. Without it on a public server, nothing is kept or printed (the links are
 * credentials): each message is dropped with a warning that says how to configure SMTP.
 */
export function createMailer({
  config,
  db,
  logger,
  cipher,
}: {
  config: Config;
  db: Db;
  logger: Logger;
  cipher: Cipher;
}): Mailer {
  if (config.SMTP_URL) {
    const transport = lazyTransport(config.SMTP_URL);
    return {
      isOutbox: false,
      async send(message) {
        await (await transport()).sendMail({ from: config.MAIL_FROM, ...message });
      },
    };
  }
  if (!hasLocalOutbox(config)) {
    return {
      isOutbox: false,
      async send(message) {
        logger.warn(SMTP_HINT, { subject: message.subject });
      },
    };
  }
  const transport = lazyTransport({ jsonTransport: true });
  return {
    isOutbox: true,
    async send(message) {
      await (await transport()).sendMail({ from: config.MAIL_FROM, ...message });
      const id = newId();
      await db
        .insertInto('mailOutbox')
        .values({
          id,
          toAddress: message.to,
          createdAt: Date.now(),
          subject: message.subject,
          // The bodies hold single-use links and codes: encrypted, so the database file alone never holds them.
          text: cipher.encrypt(message.text),
          html: cipher.encrypt(message.html),
        })
        .execute();
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      // Outbox mode is for local use only: the links are what a developer needs to continue.
      if (config.LOG_LEVEL !== 'silent') {
        process.stdout.write(
          `[mail] to ${message.to}: ${message.subject}${links.map((l) => `\n  ${l}`).join('')}\n  (outbox: ${config.APP_URL}/dev/mail/${id})\n`,
        );
      }
      logger.debug('mail stored in outbox', { id });
    },
  };
}

/** Reads an outbox body back (older rows may be plain text). */
export function openOutboxBody(cipher: Cipher, stored: string): string {
  if (!stored.startsWith('v1.')) return stored;
  try {
    return cipher.decrypt(stored);
  } catch {
    return '(this message was stored with another encryption key)';
  }
}
