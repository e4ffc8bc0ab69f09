import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { placeServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';

/**
 * Settings' forms: the server's per-field messages under the matching fields (its `password` is the form's
 * `currentPassword`), anything else as a toast.
 */
export function applyServerError<Values extends FieldValues>(error: unknown, fields: readonly Path<Values>[], setError: UseFormSetError<Values>) {
  const unplaced = placeServerErrors(error, setError, fields, { password: 'currentPassword' as Path<Values> });
  if (unplaced) notify.alert(unplaced);
}
