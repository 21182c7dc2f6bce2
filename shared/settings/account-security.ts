import { z } from 'zod';
import { AUTH_VALIDATION, Password } from '../auth/schemas.js';

/** Spec 02 sections 5 and 8: change password and delete account. */
export const ACCOUNT_SECURITY_MESSAGES = {
  currentIncorrect: 'Current password is incorrect',
  mustDiffer: 'New password must be different from your current password',
  changed: 'Password updated successfully!',
  changeFailed: 'Failed to change password',
  noPassword: 'Your account has no password yet. Use "Forgot password?" on the sign-in page to set one.',
  typeDelete: 'Please type DELETE to confirm',
  deleteFailed: 'Failed to delete your account. Please try again later.',
  deleted: 'Your account has been successfully deleted.',
  enterPassword: 'Please enter your current password',
  deleteFromWebApp:
    'For your security, your account can only be deleted from the Postloom web app, not from the browser extension or an API token.',
  googleConfirmNeeded:
    'For your security, confirm it is you: sign in with Google again, then delete your account within 10 minutes.',
  googleConfirmed: 'Confirmed with Google. You can delete your account in the next 10 minutes.',
  googleWrongAccount: 'That Google account is not the one linked to your Postloom account.',
} as const;

/** Account deletion of a user without a password: a Google sign-in in this session at most this long ago. */
export const GOOGLE_CONFIRM_WINDOW_MS = 10 * 60_000;

/** 'Please wait {n} hours before changing your password again' (n rounded up, at least 1). */
export function passwordCooldownMessage(hours: number): string {
  return `Please wait ${hours} hours before changing your password again`;
}

/** A change is allowed at most once per 24 hours (spec 02 section 9). */
export const PASSWORD_CHANGE_COOLDOWN_MS = 86_400_000;

export const ChangePasswordInput = z.object({
  currentPassword: z.string().min(1, ACCOUNT_SECURITY_MESSAGES.currentIncorrect).max(1024),
  newPassword: Password,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/** The dialog's form: the server's input plus the confirmation field. */
export const ChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password'),
    newPassword: Password,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: AUTH_VALIDATION.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

/**
 * Delete Account: DELETE typed exactly, and the current password (users without one confirm with
 * a recent Google sign-in instead, see AccountDeletionCheck).
 */
export const DeleteAccountInput = z.object({
  confirmation: z.literal('DELETE', { error: ACCOUNT_SECURITY_MESSAGES.typeDelete }),
  password: z.string().max(1024).optional(),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;

/**
 * `GET /api/settings/account/deletion`: how this user confirms a deletion. `password`: the
 * current password; `google`: a Google sign-in in this session within the last 10 minutes
 * (`googleConfirmedUntil` says until when the last one counts); `reset`: no password and no
 * Google link, so "Forgot password?" first.
 */
export const AccountDeletionCheck = z.object({
  method: z.enum(['password', 'google', 'reset']),
  googleConfirmedUntil: z.string().nullable(),
});
export type AccountDeletionCheck = z.infer<typeof AccountDeletionCheck>;
