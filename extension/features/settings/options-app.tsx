import { type FormEvent, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { sendToBackground } from '../../lib/messages';
import {
  getServerUrl,
  hostPermissionPattern,
  normalizeServerUrl,
  setServerUrl,
} from '../../lib/server-address';
import { signOut } from '../auth/sign-in';
import { SignInForm } from '../auth/sign-in-form';
import { useAuth } from '../auth/use-auth';

// Firefox has no externally_connectable: a web page cannot hand it a token.
const canConnectFromWebApp = !import.meta.env.FIREFOX;

export function OptionsApp() {
  const { auth, notice } = useAuth();
  const [server, setServer] = useState('');
  const [serverInput, setServerInput] = useState('');
  const [serverMessage, setServerMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    void getServerUrl().then((url) => {
      setServer(url);
      setServerInput(url);
    });
  }, []);

  async function saveServer(event: FormEvent) {
    event.preventDefault();
    const url = normalizeServerUrl(serverInput);
    if (!url) {
      setServerMessage({
        ok: false,
        text: 'Please enter the address of your Postloom server (http or https).',
      });
      return;
    }
    // Asked for this server only, while the click still counts as the user's gesture.
    const granted = await browser.permissions
      .request({ origins: [hostPermissionPattern(url)] })
      .catch(() => false);
    if (!granted) {
      setServerMessage({ ok: false, text: 'Postloom needs permission to reach this server.' });
      return;
    }
    if (url !== server && auth) await signOut();
    setServer(await setServerUrl(url));
    setServerMessage({ ok: true, text: 'Server address saved.' });
  }

  function connectWithWebApp() {
    const target = `${server}/extension/connect?extensionId=${encodeURIComponent(browser.runtime.id)}`;
    void browser.tabs.create({ url: target });
  }

  async function handleSignOut() {
    await signOut();
    await sendToBackground('badge:refresh', {});
  }

  return (
    <main className="page options">
      <h1>Postloom extension</h1>
      <form className="card" onSubmit={saveServer} aria-label="Server">
        <h2>Server</h2>
        <label>
          Server address
          <input type="url" value={serverInput} onChange={(e) => setServerInput(e.target.value)} required />
        </label>
        {serverMessage ? (
          <p className={serverMessage.ok ? 'success' : 'error'}>{serverMessage.text}</p>
        ) : null}
        <div className="row">
          <button type="submit">Save address</button>
        </div>
      </form>

      {auth === undefined ? <p className="muted">Loading…</p> : null}
      {auth ? (
        <section className="card" aria-label="Account">
          <h2>Signed in</h2>
          <p>
            Signed in as <strong>{auth.email ?? 'your Postloom account'}</strong> on {server}.
          </p>
          <div className="row">
            <button type="button" onClick={() => void handleSignOut()}>
              Sign out
            </button>
          </div>
        </section>
      ) : null}
      {auth === null ? (
        <>
          <SignInForm notice={notice} />
          <section className="card" aria-label="Sign in with the web app">
            <h2>Sign in with the web app</h2>
            {canConnectFromWebApp ? (
              <>
                <p className="muted">
                  Already signed in to Postloom in this browser? Open the web app and allow this extension to
                  connect.
                </p>
                <div className="row">
                  <button type="button" onClick={connectWithWebApp}>
                    Sign in with the web app
                  </button>
                </div>
              </>
            ) : (
              <p className="muted">
                Signing in with the web app is not available in Firefox. Please sign in with your e-mail and
                password above.
              </p>
            )}
          </section>
        </>
      ) : null}
    </main>
  );
}
