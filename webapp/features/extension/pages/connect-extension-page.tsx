import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EXTENSION_NAME, isExtensionId } from '../../../../shared/extension/identity';
import { FullScreenLoader } from '../../../components/full-screen-loader';
import { useAppConfig } from '../../../shared/app-config/get-app-config';
import { useCreateExtensionToken } from '../api/create-extension-token';
import { type ConnectReply, extensionRuntime, sendTokenToExtension } from '../api/send-to-extension';

/**
 * `/extension/connect?extensionId=…`: opened by the extension's options page. It names the
 * extension asking and hands a token only to an id the server allows (EXTENSION_IDS, by default
 * our own build's pinned id): any installed extension can open this page with its own id. At the
 * user's click the server mints a bearer session and this page sends it to that extension only
 * (which accepts it only from this server's origin). Chromium browsers only.
 */
export function ConnectExtensionPage() {
  const [params] = useSearchParams();
  const extensionId = params.get('extensionId');
  const config = useAppConfig();
  const createToken = useCreateExtensionToken();
  const [reply, setReply] = useState<ConnectReply | null>(null);
  if (config.isPending) return <FullScreenLoader label="Loading..." />;
  const isAllowed = isExtensionId(extensionId) && (config.data?.extensionIds ?? []).includes(extensionId);
  const canConnect = isAllowed && extensionRuntime() !== null;

  async function connect() {
    if (!isExtensionId(extensionId)) return;
    setReply(null);
    try {
      const token = await createToken.mutateAsync(extensionId);
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
      {isExtensionId(extensionId) ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg border border-gray-200 bg-white p-3 text-sm">
          <dt className="text-gray-500">Extension</dt>
          <dd className="font-medium text-gray-900">{isAllowed ? EXTENSION_NAME : 'Unknown extension'}</dd>
          <dt className="text-gray-500">Id</dt>
          <dd className="break-all font-mono text-gray-900">{extensionId}</dd>
        </dl>
      ) : null}
      {isExtensionId(extensionId) && !isAllowed ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          This extension is not allowed to sign in to this Postloom server. Only connect extensions you
          installed from Postloom; the server operator can allow another id with EXTENSION_IDS.
        </p>
      ) : canConnect ? (
        <>
          <p className="text-gray-600">
            The {EXTENSION_NAME} browser extension asks to sign in as you. It can then post, schedule and read
            your notifications. Sign it out from its options page at any time.
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
