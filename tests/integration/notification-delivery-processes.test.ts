import { afterEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../../server/core/event-bus.js';
import { newId } from '../../server/core/ids.js';
import type { Db } from '../../server/db/database.js';
import { createNotification } from '../../server/notifications/create-notification.js';
import { saveNotificationPreferences } from '../../server/notifications/notification-preferences.js';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../shared/settings/notification-preferences.js';
import { type SmtpServer, startSilentSmtp, startSmtp } from '../support/delivery-servers.js';
import {
  openServerDatabase,
  type RunningServer,
  releaseServerDatabases,
  startServer,
} from '../support/spawn-server.js';
import { testsUsePostgres } from '../support/test-database-kind.js';

// Notification e-mails are durable and claimed once (issue 26): a process that dies before its
// e-mail left loses nothing, and several processes on one PostgreSQL send each one once. The
// notifications are written here, on the servers' database, as a process of the cluster would.

const servers: RunningServer[] = [];
const databases: Db[] = [];
const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const db of databases.splice(0)) await db.destroy();
  for (const server of servers.splice(0)) await server.stop();
  for (const close of closers.splice(0)) await close();
  await releaseServerDatabases();
});

async function start(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer(env, { startTimeoutMs: 90_000 });
  servers.push(server);
  return server;
}

function databaseOf(server: RunningServer): Db {
  const db = openServerDatabase(server);
  databases.push(db);
  return db;
}

async function mailServer(options: Parameters<typeof startSmtp>[0] = {}): Promise<SmtpServer> {
  const smtp = await startSmtp(options);
  closers.push(smtp.close);
  return smtp;
}

/** A user who asked for post notifications by e-mail. */
async function mailedUser(db: Db): Promise<string> {
  const id = newId();
  const now = Date.now();
  await db
    .insertInto('users')
    .values({
      id,
      email: `${id}@example.com`,
      passwordHash: null,
      emailConfirmedAt: now,
      googleSub: null,
      timezone: 'UTC',
      language: 'en',
      timeFormat: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await saveNotificationPreferences(db, id, {
    ...DEFAULT_NOTIFICATION_PREFERENCES,
    posts: { email: true, push: false },
  });
  return id;
}

function notify(db: Db, userId: string, title: string) {
  return createNotification(
    { db, events: createEventBus() },
    { userId, type: 'post_success', title, message: 'Your X post was published.', data: { postId: newId() } },
  );
}

const subjects = (smtp: SmtpServer) =>
  smtp.mails.map((mail) => /Subject: Postloom: (.*)/.exec(mail.data)?.[1] ?? '').sort();

async function until(check: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('sends once, after a restart, the e-mail a server claimed but had not sent when it was killed', async () => {
  const silent = await startSilentSmtp();
  closers.push(silent.close);
  const env = { NOTIFICATION_LEASE_MS: '2000' };
  const first = await start({ ...env, SMTP_URL: silent.url });
  const db = databaseOf(first);
  const userId = await mailedUser(db);
  await notify(db, userId, 'Sent after the restart');
  // The worker claimed it and is waiting on a mail server that never answers.
  await until(() => silent.connections() > 0);
  await first.stop('SIGKILL');
  servers.splice(servers.indexOf(first), 1);
  const [claimed] = await db.selectFrom('notificationDeliveries').selectAll().execute();
  expect(claimed).toMatchObject({ status: 'pending', attemptCount: 0, emailSentAt: null });
  expect(claimed?.claimedBy).toBeTruthy();

  const smtp = await mailServer();
  await start({ ...env, SMTP_URL: smtp.url, DATA_DIR: first.dataDir });
  await until(() => smtp.mails.length > 0);
  // A second copy would come within a poll or two.
  await pause(2_500);
  expect(subjects(smtp)).toEqual(['Sent after the restart']);
  const [sent] = await db.selectFrom('notificationDeliveries').selectAll().execute();
  expect(sent).toMatchObject({ status: 'done', attemptCount: 1 });
  expect(sent?.claimedBy).not.toBe(claimed?.claimedBy);
}, 180_000);

// PostgreSQL only: several processes share one database only there (SQLite is one process's file).
describe.runIf(testsUsePostgres())('two processes on one PostgreSQL', () => {
  it('send each notification e-mail exactly once, sharing the work', async () => {
    // The mail server holds every message until both processes have claimed some: each is then
    // in the middle of sending a batch, the other's claims in full view.
    const smtp = await mailServer({ hold: true });
    const a = await start({ SMTP_URL: smtp.url });
    const b = await start({ SMTP_URL: smtp.url, DATABASE_URL: a.databaseUrl as string });
    expect(b.databaseUrl).toBe(a.databaseUrl);
    const db = databaseOf(a);
    const userId = await mailedUser(db);
    const titles = Array.from({ length: 60 }, (_, i) => `Post ${String(i).padStart(2, '0')} published`);
    await Promise.all(titles.map((title) => notify(db, userId, title)));

    const claimants = async () => {
      const rows = await db.selectFrom('notificationDeliveries').select('claimedBy').execute();
      return new Set(rows.flatMap((row) => (row.claimedBy ? [row.claimedBy.split('/')[0]] : [])));
    };
    await until(async () => (await claimants()).size === 2);
    smtp.release();
    await until(() => smtp.mails.length >= titles.length, 60_000);
    await pause(2_500);
    expect(subjects(smtp)).toEqual(titles);
    const rows = await db.selectFrom('notificationDeliveries').select(['status', 'attemptCount']).execute();
    expect(rows).toHaveLength(titles.length);
    expect(rows.every((row) => row.status === 'done' && row.attemptCount === 1)).toBe(true);
  }, 180_000);
});
