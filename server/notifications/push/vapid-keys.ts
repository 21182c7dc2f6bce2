import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type webpush from 'web-push';
import type { Config } from '../../config.js';
import type { Cipher } from '../../core/crypto.js';
import type { Db } from '../../db/database.js';
import { readStoredVapidKeys, storeVapidKeysOnce, type VapidKeys } from './stored-vapid-keys.js';

// Loaded when a pair is first generated or a message first sent: most servers do neither for a
// long time, and web-push with its crypto dependencies would hold memory from the start.
const require = createRequire(import.meta.url);
export const loadWebPush = (): typeof webpush => require('web-push');

const fileKeys = new Map<string, VapidKeys>();
const databaseKeys = new WeakMap<Db, VapidKeys>();

/**
 * The server's VAPID key pair (RFC 8292). Browsers' subscriptions are bound to the public key, so
 * a new pair would silence them, and every process of an install must sign with the same pair:
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; on PostgreSQL, a pair stored once in the
 * database (the private key sealed with ENCRYPTION_KEY) that every process reads; on SQLite (one
 * process), a pair generated once into DATA_DIR/vapid-keys.json (owner-only).
 */
export async function loadVapidKeys(deps: { config: Config; db: Db; cipher: Cipher }): Promise<VapidKeys> {
  const { config, db, cipher } = deps;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  if (!config.DATABASE_URL) return loadFileKeys(config.dataDir);
  const known = databaseKeys.get(db);
  if (known) return known;
  // An install that ran on one process before keeps its subscribers: its file's pair is the one stored.
  const candidate = readFileKeys(config.dataDir) ?? generateKeys();
  const keys = (await readStoredVapidKeys(db, cipher)) ?? (await storeVapidKeysOnce(db, cipher, candidate));
  databaseKeys.set(db, keys);
  return keys;
}

function loadFileKeys(dataDir: string): VapidKeys {
  const known = fileKeys.get(dataDir);
  if (known) return known;
  let keys = readFileKeys(dataDir);
  if (!keys) {
    keys = generateKeys();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(vapidFile(dataDir), JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  }
  fileKeys.set(dataDir, keys);
  return keys;
}

function vapidFile(dataDir: string): string {
  return path.join(dataDir, 'vapid-keys.json');
}

function readFileKeys(dataDir: string): VapidKeys | null {
  const file = vapidFile(dataDir);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys) : null;
}

function generateKeys(): VapidKeys {
  const generated = loadWebPush().generateVAPIDKeys();
  return { publicKey: generated.publicKey, privateKey: generated.privateKey };
}

/**
 * Who push services contact about this sender: the support address or page, else the app's
 * https address. Push services accept only mailto: or https: subjects.
 */
export function vapidSubject(config: Config): string {
  for (const candidate of [config.SUPPORT_URL, config.APP_URL]) {
    if (candidate.startsWith('mailto:') || candidate.startsWith('https://')) return candidate;
  }
  return 'mailto:support@postloom.local';
}
