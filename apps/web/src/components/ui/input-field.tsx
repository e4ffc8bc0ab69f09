import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useMessages } from '../../lib/i18n/messages';
import { uiMessages } from '../messages';
import { FieldFrame, type FieldProps } from './field-frame';

/** A labelled input; required fields show an asterisk, the error text sits under the field. */
export function InputField({ label, error, hint, required, className, id, ...input }: ComponentProps<'input'> & FieldProps) {
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} className={className}>
      {(control) => <input {...control} {...input} />}
    </FieldFrame>
  );
}

type NewPasswordField = 'newPassword' | 'confirmPassword';

/**
 * A new password and its confirmation, for a react-hook-form form with these two fields: choosing the password
 * after confirming the address, resetting it, changing it in the settings.
 *
 * It lives in this module rather than one of its own: the reset-password screen loads straight from the app
 * shell, and a module of its own would be one more chunk in the first screen's list of scripts to preload.
 */
export function NewPasswordFields({
  register,
  errors,
}: {
  register: (field: NewPasswordField) => UseFormRegisterReturn;
  errors: Partial<Record<NewPasswordField, { message?: string }>>;
}) {
  const t = useMessages(uiMessages);
  return (
    <>
      <InputField
        label={t('newPassword')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('newPasswordHint')}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <InputField
        label={t('confirmNewPassword')}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </>
  );
}
