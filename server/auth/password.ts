import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (19 MiB, 2 passes): OWASP's minimum recommendation.
export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash of a throw-away password: verifying against it costs the same as a real check. */
let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown e-mail, Google-only
 * user) it still spends the time of a check so timing does not reveal which e-mails exist.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('postloom-timing-equaliser-1');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
