import { useState } from 'react';
import { browser } from 'wxt/browser';
import { SignInForm } from '../features/auth/sign-in-form';
import { useAuth } from '../features/auth/use-auth';
import { Composer } from '../features/composer/composer';
import { NotificationList } from '../features/notifications/notification-list';

export function PopupApp() {
  const { auth, notice } = useAuth();
  const [reloadKey, setReloadKey] = useState(0);
  return (
    <main className="page popup">
      <div className="spread">
        <h1>Postloom</h1>
        <button type="button" className="link" onClick={() => void browser.runtime.openOptionsPage()}>
          Settings
        </button>
      </div>
      {auth === undefined ? <p className="muted">Loading…</p> : null}
      {auth === null ? <SignInForm notice={notice} /> : null}
      {auth ? (
        <>
          <Composer key={auth.token} onActed={() => setReloadKey((k) => k + 1)} />
          <NotificationList reloadKey={reloadKey} />
        </>
      ) : null}
    </main>
  );
}
