import { apiRequest } from '../../lib/api-client';
import { clearAuth, getAuth, saveAuth } from '../../lib/auth-store';

interface TokenResponse {
  token: string;
  expiresAt: string;
}

/** E-mail and password for a bearer token (`POST /api/auth/token`); the server's message on failure. */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  const issued = await apiRequest<TokenResponse>('/api/auth/token', {
    body: { email: email.trim(), password },
    anonymous: true,
  });
  await saveAuth({ token: issued.token, expiresAt: issued.expiresAt, email: email.trim() });
}

/** Ends the session on the server, then forgets the token even when the server cannot be reached. */
export async function signOut(): Promise<void> {
  const auth = await getAuth();
  try {
    if (auth) await apiRequest('/api/auth/logout', { method: 'POST', token: auth.token });
  } finally {
    await clearAuth();
  }
}
