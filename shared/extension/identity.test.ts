import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { EXTENSION_ID, EXTENSION_PUBLIC_KEY } from './identity.js';

it('pins the id Chromium derives from the public key', () => {
  const hash = crypto.createHash('sha256').update(Buffer.from(EXTENSION_PUBLIC_KEY, 'base64')).digest('hex');
  const id = [...hash.slice(0, 32)].map((c) => String.fromCharCode(97 + Number.parseInt(c, 16))).join('');
  expect(id).toBe(EXTENSION_ID);
});
