import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { createCipher } from '../../server/core/crypto.js';
import { type Db, migrateToLatest } from '../../server/db/database.js';
import { loadVapidKeys } from '../../server/notifications/push/vapid-keys.js';
import { createTestDatabase, TEST_ENCRYPTION_KEY, testsUsePostgres } from '../support/test-database-kind.js';

// Browsers' push subscriptions are bound to one public key: every process of an install must
// sign with the same pair, whatever its DATA_DIR.

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function temporaryDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-vapid-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** One database and `count` processes on it: each its own DATA_DIR and its own connection pool. */
async function processesOnOneDatabase(count: number, env: Record<string, string> = {}) {
  const database = await createTestDatabase(temporaryDir());
  cleanups.push(() => database.release());
  const processes: Array<{ config: ReturnType<typeof loadConfig>; db: Db }> = [];
  for (let i = 0; i < count; i++) {
    const db = database.open();
    cleanups.push(() => db.destroy());
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: temporaryDir(), ...database.env, ...env });
    processes.push({ config, db });
  }
  await migrateToLatest(processes[0]?.db as Db);
  return processes;
}

const cipher = createCipher(Buffer.from(TEST_ENCRYPTION_KEY, 'hex'));

describe('web-push keys', () => {
  it('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, when set, are the pair every process uses', async () => {
    const [one] = await processesOnOneDatabase(1, {
      VAPID_PUBLIC_KEY: 'BPublic',
      VAPID_PRIVATE_KEY: 'private',
    });
    expect(await loadVapidKeys({ ...(one as NonNullable<typeof one>), cipher })).toEqual({
      publicKey: 'BPublic',
      privateKey: 'private',
    });
  });

  // Each database keeps the pair where all of an install's processes read it: PostgreSQL (several
  // processes, each its own DATA_DIR) in the database, SQLite (one process) in DATA_DIR.
  it('keeps one pair where every process of the install finds it, the private key never in the clear', async () => {
    if (testsUsePostgres()) {
      const processes = await processesOnOneDatabase(3);
      const keys = await Promise.all(processes.map((p) => loadVapidKeys({ ...p, cipher })));
      expect(keys[1]).toEqual(keys[0]);
      expect(keys[2]).toEqual(keys[0]);
      const [first] = processes as [(typeof processes)[number]];
      expect(fs.existsSync(path.join(first.config.dataDir, 'vapid-keys.json'))).toBe(false);
      const row = await first.db
        .selectFrom('appState')
        .select('value')
        .where('key', '=', 'webPush.vapidKeys')
        .executeTakeFirstOrThrow();
      expect(row.value).toContain(keys[0]?.publicKey);
      expect(row.value).not.toContain(keys[0]?.privateKey);
    } else {
      const [one] = (await processesOnOneDatabase(1)) as [{ config: ReturnType<typeof loadConfig>; db: Db }];
      const keys = await loadVapidKeys({ ...one, cipher });
      const stored = JSON.parse(fs.readFileSync(path.join(one.config.dataDir, 'vapid-keys.json'), 'utf8'));
      expect(stored).toEqual(keys);
      expect(await loadVapidKeys({ ...one, cipher })).toEqual(keys);
      expect(
        await one.db.selectFrom('appState').select('key').where('key', '=', 'webPush.vapidKeys').execute(),
      ).toEqual([]);
    }
  });

  it('an install that ran with a pair in DATA_DIR keeps it (on PostgreSQL, on every process)', async () => {
    const [earlier, added] = (await processesOnOneDatabase(2)) as [
      { config: ReturnType<typeof loadConfig>; db: Db },
      { config: ReturnType<typeof loadConfig>; db: Db },
    ];
    const before = { publicKey: 'BEarlierPublicKey', privateKey: 'earlier-private-key' };
    fs.writeFileSync(path.join(earlier.config.dataDir, 'vapid-keys.json'), JSON.stringify(before));
    expect(await loadVapidKeys({ ...earlier, cipher })).toEqual(before);
    // SQLite is one process: the one that wrote the file reads it again.
    const next = testsUsePostgres() ? added : earlier;
    expect(await loadVapidKeys({ ...next, cipher })).toEqual(before);
  });
});
