import type { AppDeps } from '../http/types.js';

/** Starts a Lucia session; the returned id is the secret the client holds (only its hash is stored). */
export async function createSession(
  deps: Pick<AppDeps, 'lucia'>,
  userId: string,
  options: { remember: boolean; kind: 'cookie' | 'token' },
) {
  const session = await deps.lucia.createSession(userId, {
    remember: options.remember,
    kind: options.kind,
  });
  // Sessions past their 30 days are dropped as new ones start.
  await deps.lucia.deleteExpiredSessions();
  return { token: session.id, expiresAt: session.expiresAt, remember: options.remember };
}
