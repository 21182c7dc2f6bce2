import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.js';

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const cache = new Map<string, VapidKeys>();

/**
 * The server's VAPID key pair (RFC 8292), generated once into DATA_DIR/vapid-keys.json (owner-only)
 * and kept: browsers' subscriptions are bound to the public key, so a new pair would silence them.
 */
export function loadVapidKeys(config: Config): VapidKeys {
  const known = cache.get(config.dataDir);
  if (known) return known;
  const file = path.join(config.dataDir, 'vapid-keys.json');
  let keys: VapidKeys;
  if (fs.existsSync(file)) {
    keys = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  } else {
    const generated = webpush.generateVAPIDKeys();
    keys = { publicKey: generated.publicKey, privateKey: generated.privateKey };
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  }
  cache.set(config.dataDir, keys);
  return keys;
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
