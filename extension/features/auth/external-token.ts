import { apiRequest } from '../../lib/api-client';
import { saveAuth } from '../../lib/auth-store';
import { getServerUrl } from '../../lib/server-address';

const TOKEN_REFUSED = 'The server did not accept this sign-in. Please connect the extension again.';

/** What the web app's "Connect the Postloom extension" page sends (chrome.runtime.sendMessage). */
interface ConnectMessage {
  type: 'postloom:connect';
  token: string;
  expiresAt: string;
}

type ConnectReply = { ok: true; email: string } | { ok: false; error: string };

interface ExternalSender {
  origin?: string;
  url?: string;
}

function senderOrigin(sender: ExternalSender): string | null {
  if (sender.origin && sender.origin !== 'null') return sender.origin;
  try {
    return sender.url ? new URL(sender.url).origin : null;
  } catch {
    return null;
  }
}

function isConnectMessage(message: unknown): message is ConnectMessage {
  const m = message as ConnectMessage | null;
  return (
    m?.type === 'postloom:connect' &&
    typeof m.token === 'string' &&
    m.token.length > 0 &&
    m.token.length <= 512 &&
    typeof m.expiresAt === 'string'
  );
}

/**
 * A token handed over by a web page. Accepted only from the configured server's origin (the
 * manifest's externally_connectable also limits which pages can send at all) and only after the
 * server confirms it belongs to a signed-in user.
 */
export async function acceptExternalToken(message: unknown, sender: ExternalSender): Promise<ConnectReply> {
  const serverOrigin = new URL(await getServerUrl()).origin;
  if (senderOrigin(sender) !== serverOrigin) {
    return { ok: false, error: 'Only your Postloom server can sign in this extension.' };
  }
  if (!isConnectMessage(message)) return { ok: false, error: 'Unknown message.' };
  try {
    // Always 200: an unknown or ended token answers `{ user: null }`.
    const { user } = await apiRequest<{ user: { email: string } | null }>('/api/auth/session', {
      token: message.token,
    });
    if (!user) return { ok: false, error: TOKEN_REFUSED };
    await saveAuth({ token: message.token, expiresAt: message.expiresAt, email: user.email });
    return { ok: true, email: user.email };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : TOKEN_REFUSED };
  }
}
