import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError } from '../../../../shared/http/api-error';
import {
  ACCOUNT_SECURITY_MESSAGES,
  type AccountDeletionCheck,
} from '../../../../shared/settings/account-security';
import { Notice } from '../../../components/auth-card';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { startGoogleReauth } from '../../../shared/session/google-reauth';
import { clearSessionEnd, markSessionEnded, type SessionEnd } from '../../../shared/session/session-end';
import { useSignOut } from '../../../shared/session/use-sign-out';
import { accountDeletionCheckKey, useAccountDeletionCheck, useDeleteAccount } from '../api/delete-account';

const DELETED: SessionEnd = {
  message: ACCOUNT_SECURITY_MESSAGES.deleted,
  tone: 'success',
  rememberOrigin: false,
};

/** Where "Confirm with Google" comes back to: this dialog, opened at once. */
const DELETE_ACCOUNT_PATH = '/settings/delete-account';

/**
 * Delete Account (spec 02): the button works only once DELETE is typed exactly and the user has
 * confirmed who they are: the current password, or (without one) a Google sign-in in the last
 * 10 minutes through "Confirm with Google", which comes back here. Afterwards the user is signed
 * out and lands on /login with the spec's message.
 */
export function DeleteAccountDialog({
  open,
  onClose,
  reauthError,
}: {
  open: boolean;
  onClose: () => void;
  /** Why a "Confirm with Google" just failed, if it did. */
  reauthError?: string | null;
}) {
  const remove = useDeleteAccount();
  const check = useAccountDeletionCheck(open);
  const queryClient = useQueryClient();
  const { signOut } = useSignOut();
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const inputId = useId();
  const confirmed = typed === 'DELETE';
  const method = check.data?.method;
  const googleConfirmed = isGoogleConfirmed(check.data);
  const canSubmit =
    confirmed && (method === 'password' ? password.length > 0 : method === 'google' && googleConfirmed);

  function close() {
    setTyped('');
    setPassword('');
    setTouched(false);
    remove.reset();
    onClose();
  }

  function submit() {
    setTouched(true);
    if (!canSubmit) return;
    // Marked before the request: the server ends this tab's live stream as it deletes, and the
    // 401s that follow must not turn the goodbye into "your session has expired".
    markSessionEnded(DELETED);
    remove.mutate(
      { confirmation: 'DELETE', ...(method === 'password' ? { password } : {}) },
      {
        // The guard then sends the browser to /login with the message; signing out here drops
        // what this tab still holds.
        onSuccess: () => void signOut(DELETED),
        onError: (error) => {
          clearSessionEnd();
          // The Google confirmation ran out meanwhile: show the button again.
          if (error instanceof ApiError && error.details?.action === 'reauthenticate') {
            void queryClient.invalidateQueries({ queryKey: accountDeletionCheckKey });
          }
        },
      },
    );
  }

  const error = remove.error instanceof ApiError ? remove.error : null;
  const passwordError = error?.field === 'password' ? error.message : undefined;
  let formError: string | null = remove.error ? ACCOUNT_SECURITY_MESSAGES.deleteFailed : null;
  if (error && error.code !== 'internal_error') formError = error.field === 'password' ? null : error.message;

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
          <Button variant="danger" onClick={submit} disabled={!canSubmit} loading={remove.isPending}>
            Delete my account
          </Button>
        </>
      }
    >
      {formError ? <Notice tone="error">{formError}</Notice> : null}
      {reauthError && !googleConfirmed ? <Notice tone="error">{reauthError}</Notice> : null}
      {check.isError ? <Notice tone="error">{ACCOUNT_SECURITY_MESSAGES.deleteFailed}</Notice> : null}
      {method === 'password' ? (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={
            passwordError ?? (touched && !password ? ACCOUNT_SECURITY_MESSAGES.enterPassword : undefined)
          }
          onChange={(event) => setPassword(event.target.value)}
        />
      ) : null}
      {method === 'google' ? <GoogleConfirmation confirmed={googleConfirmed} /> : null}
      {method === 'reset' ? <Notice tone="info">{ACCOUNT_SECURITY_MESSAGES.noPassword}</Notice> : null}
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

function isGoogleConfirmed(check: AccountDeletionCheck | undefined): boolean {
  return Boolean(check?.googleConfirmedUntil && Date.parse(check.googleConfirmedUntil) > Date.now());
}

/** Without a password: "Confirm with Google" (a full-page round trip back to this dialog). */
function GoogleConfirmation({ confirmed }: { confirmed: boolean }) {
  if (confirmed) return <Notice tone="success">{ACCOUNT_SECURITY_MESSAGES.googleConfirmed}</Notice>;
  return (
    <div className="mb-4">
      <Notice tone="info">{ACCOUNT_SECURITY_MESSAGES.googleConfirmNeeded}</Notice>
      <Button variant="secondary" onClick={() => startGoogleReauth(DELETE_ACCOUNT_PATH)}>
        Confirm with Google
      </Button>
    </div>
  );
}
