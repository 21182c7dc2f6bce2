import { useId, useState } from 'react';
import { ACCOUNT_SECURITY_MESSAGES } from '../../../../shared/settings/account-security';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { Notice } from '../../auth/components/auth-card';
import { useSignOut } from '../../shell/hooks/use-sign-out';
import { clearSessionEnd, markSessionEnded, type SessionEnd } from '../../shell/session-end';

const DELETED: SessionEnd = {
  message: ACCOUNT_SECURITY_MESSAGES.deleted,
  tone: 'success',
  rememberOrigin: false,
};

import { useDeleteAccount } from '../api/delete-account';

/**
 * Delete Account (spec 02): the button works only once DELETE is typed exactly. Afterwards the
 * user is signed out and lands on /login with the spec's message.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const remove = useDeleteAccount();
  const { signOut } = useSignOut();
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const inputId = useId();
  const confirmed = typed === 'DELETE';

  function close() {
    setTyped('');
    setTouched(false);
    remove.reset();
    onClose();
  }

  function submit() {
    setTouched(true);
    if (!confirmed) return;
    // Marked before the request: the server ends this tab's live stream as it deletes, and the
    // 401s that follow must not turn the goodbye into "your session has expired".
    markSessionEnded(DELETED);
    remove.mutate(
      { confirmation: 'DELETE' },
      {
        // The guard then sends the browser to /login with the message; signing out here drops
        // what this tab still holds.
        onSuccess: () => void signOut(DELETED),
        onError: () => clearSessionEnd(),
      },
    );
  }

  const error =
    remove.error instanceof ApiError && remove.error.code !== 'internal_error'
      ? remove.error.message
      : remove.error
        ? ACCOUNT_SECURITY_MESSAGES.deleteFailed
        : null;

  return (
    <Modal
      open={open}
      onClose={close}
      title="Delete Account"
      fullScreenOnMobile={false}
      description="This deletes your account, your posts, queues, analytics and media for good, disconnects your social accounts and signs you out everywhere. Scheduled posts will not be published."
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button variant="danger" onClick={submit} disabled={!confirmed} loading={remove.isPending}>
            Delete my account
          </Button>
        </>
      }
    >
      {error ? <Notice tone="error">{error}</Notice> : null}
      <label htmlFor={inputId} className="mb-1 block font-medium text-gray-700 text-sm">
        Type <strong className="font-mono">DELETE</strong> to confirm
      </label>
      <input
        id={inputId}
        value={typed}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={() => setTouched(true)}
        aria-invalid={touched && !confirmed ? true : undefined}
        className="block h-11 w-full rounded-lg border border-gray-300 px-3 font-mono text-sm"
      />
      {touched && !confirmed ? (
        <p className="mt-1 text-red-600 text-sm">{ACCOUNT_SECURITY_MESSAGES.typeDelete}</p>
      ) : null}
    </Modal>
  );
}
