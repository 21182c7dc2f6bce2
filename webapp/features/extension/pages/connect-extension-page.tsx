import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCreateExtensionToken } from '../api/create-extension-token';
import {
  type ConnectReply,
  extensionRuntime,
  isExtensionId,
  sendTokenToExtension,
} from '../api/send-to-extension';

/**
 * `/extension/connect?extensionId=…`: opened by the extension's options page. At the user's click
 * the server mints a bearer session for the extension and this page hands it to that extension
 * only (the extension accepts it only from this server's origin). Chromium browsers only.
 */
export function ConnectExtensionPage() {
  const [params] = useSearchParams();
  const extensionId = params.get('extensionId');
  const createToken = useCreateExtensionToken();
  const [reply, setReply] = useState<ConnectReply | null>(null);
  const canConnect = isExtensionId(extensionId) && extensionRuntime() !== null;

  async function connect() {
    if (!isExtensionId(extensionId)) return;
    setReply(null);
    try {
      const token = await createToken.mutateAsync();
      const result = await sendTokenToExtension(extensionId, token);
      if (!result.ok) {
        // The extension did not keep it: end that session right away.
        await fetch('/api/auth/logout', {
          method: 'POST',
          headers: { authorization: `Bearer ${token.token}` },
        }).catch(() => undefined);
      }
      setReply(result);
    } catch (error) {
      setReply({ ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4 p-6">
      <h1 className="text-2xl font-semibold text-gray-900">Connect the Postloom extension</h1>
      {canConnect ? (
        <>
          <p className="text-gray-600">
            The Postloom browser extension asks to sign in as you. It can then post, schedule and read your
            notifications. Sign it out from its options page at any time.
          </p>
          <button
            type="button"
            onClick={() => void connect()}
            disabled={createToken.isPending || reply?.ok === true}
            className="self-start rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {createToken.isPending ? 'Connecting…' : 'Connect the Postloom extension'}
          </button>
        </>
      ) : (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
          {isExtensionId(extensionId)
            ? 'This browser does not let web pages connect to extensions. Please sign in with your e-mail and password in the extension’s options.'
            : 'Open this page from the Postloom extension’s options (Sign in with the web app).'}
        </p>
      )}
      {reply?.ok ? (
        <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
          The extension is connected as {reply.email}. You can close this tab.
        </p>
      ) : null}
      {reply && !reply.ok ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {reply.error}
        </p>
      ) : null}
    </div>
  );
}
