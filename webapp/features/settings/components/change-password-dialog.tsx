import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '../../../../shared/http/api-error';
import { ACCOUNT_SECURITY_MESSAGES, ChangePasswordForm } from '../../../../shared/settings/account-security';
import { Notice } from '../../../components/auth-card';
import { Button } from '../../../components/button';
import { HintList, passwordHints } from '../../../components/hint-list';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { useChangePassword } from '../api/change-password';

/**
 * Change Password (spec 02): the current password, a new one meeting the sign-up rules and its
 * confirmation; submit stays disabled until valid. The server checks the rest (current password,
 * different from it, once per 24 hours) and ends the other sessions.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordForm),
    mode: 'onChange',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isValid, dirtyFields } = form.formState;
  const newPassword = form.watch('newPassword');

  function close() {
    form.reset();
    change.reset();
    onClose();
  }

  const submit = form.handleSubmit(({ currentPassword, newPassword: next }) => {
    change.mutate(
      { currentPassword, newPassword: next },
      {
        onSuccess: () => {
          toast.success(ACCOUNT_SECURITY_MESSAGES.changed);
          close();
        },
      },
    );
  });

  const serverError =
    change.error instanceof ApiError
      ? change.error.message
      : change.error
        ? ACCOUNT_SECURITY_MESSAGES.changeFailed
        : null;

  return (
    <Modal
      open={open}
      onClose={close}
      title="Change Password"
      description="Other devices are signed out when your password changes."
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="change-password-form" loading={change.isPending} disabled={!isValid}>
            Change password
          </Button>
        </>
      }
    >
      <form id="change-password-form" noValidate onSubmit={submit}>
        {serverError ? <Notice tone="error">{serverError}</Notice> : null}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={dirtyFields.newPassword ? errors.newPassword?.message : undefined}
          hint={<HintList items={passwordHints(newPassword)} />}
          {...form.register('newPassword', { deps: ['confirmPassword'] })}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={dirtyFields.confirmPassword ? errors.confirmPassword?.message : undefined}
          {...form.register('confirmPassword')}
        />
      </form>
    </Modal>
  );
}
