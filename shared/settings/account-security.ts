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
} as const;

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

export const DeleteAccountInput = z.object({
  confirmation: z.literal('DELETE', { error: ACCOUNT_SECURITY_MESSAGES.typeDelete }),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;
