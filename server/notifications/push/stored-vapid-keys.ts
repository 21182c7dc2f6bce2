import type { Cipher } from '../../core/crypto.js';
import type { Db } from '../../db/database.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY = 'webPush.vapidKeys';

interface StoredKeys {
  publicKey: string;
  /** Sealed with the install's ENCRYPTION_KEY, like platform tokens. */
  sealedPrivateKey: string;
}

export async function readStoredVapidKeys(db: Db, cipher: Cipher): Promise<VapidKeys | null> {
  const row = await db.selectFrom('appState').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return null;
  const stored = JSON.parse(row.value) as StoredKeys;
  return { publicKey: stored.publicKey, privateKey: cipher.decrypt(stored.sealedPrivateKey) };
}

/**
 * Stores `candidate` unless another process stored its pair first (two first starts at once):
 * either way every process ends up with the one pair in the database.
 */
export async function storeVapidKeysOnce(db: Db, cipher: Cipher, candidate: VapidKeys): Promise<VapidKeys> {
  const value: StoredKeys = {
    publicKey: candidate.publicKey,
    sealedPrivateKey: cipher.encrypt(candidate.privateKey),
  };
  await db
    .insertInto('appState')
    .values({ key: KEY, value: JSON.stringify(value), updatedAt: Date.now() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await readStoredVapidKeys(db, cipher);
  if (!stored) throw new Error('The web-push keys could not be stored');
  return stored;
}
