import { z } from 'zod';
import { keyed } from '../i18n/keyed';
import { displayNameField, emailField, passwordField } from '../auth/schemas';

export const updateProfileInput = z.object({ displayName: displayNameField });
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

export const changeEmailInput = z.object({
  newEmail: emailField,
  password: z.string().min(1, keyed('currentPasswordForEmail')),
});
export type ChangeEmailInput = z.infer<typeof changeEmailInput>;

/** currentPassword is required for password accounts; Google-only accounts re-authenticate instead. */
export const changePasswordInput = z
  .object({
    currentPassword: z.string().optional(),
    newPassword: passwordField,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: keyed('passwordsDoNotMatch'),
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const deleteAccountInput = z.object({ password: z.string().optional() });
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;


/** A new profile photo: its address (the session's user carries it from now on). */
export const photoUploadResponse = z.object({ photoUrl: z.string() });
