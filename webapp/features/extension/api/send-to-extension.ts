/** The reply of the extension's background (extension/features/auth/external-token.ts). */
export type ConnectReply = { ok: true; email: string } | { ok: false; error: string };

interface ChromeRuntime {
  sendMessage: (extensionId: string, message: unknown, callback: (reply: unknown) => void) => void;
  lastError?: { message?: string };
}

/** Chrome exposes chrome.runtime to a page only when an installed extension lists the page's origin. */
export function extensionRuntime(): ChromeRuntime | null {
  const runtime = (globalThis as { chrome?: { runtime?: ChromeRuntime } }).chrome?.runtime;
  return runtime && typeof runtime.sendMessage === 'function' ? runtime : null;
}

export function sendTokenToExtension(
  extensionId: string,
  token: { token: string; expiresAt: string },
): Promise<ConnectReply> {
  const runtime = extensionRuntime();
  if (!runtime) return Promise.resolve({ ok: false, error: 'The Postloom extension could not be reached.' });
  return new Promise((resolve) => {
    runtime.sendMessage(extensionId, { type: 'postloom:connect', ...token }, (reply) => {
      if (runtime.lastError || !reply) {
        resolve({ ok: false, error: 'The Postloom extension could not be reached.' });
        return;
      }
      resolve(reply as ConnectReply);
    });
  });
}
