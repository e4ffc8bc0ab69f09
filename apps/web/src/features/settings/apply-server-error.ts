import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/** Puts the server's per-field messages under the matching fields, else shows the message as a toast. */
export function applyServerError<T extends string>(error: unknown, fields: readonly T[], setError: (field: T, value: { message: string }) => void) {
  if (error instanceof ApiError) {
    let placed = false;
    for (const [field, message] of Object.entries(error.fields)) {
      const target = (field === 'password' && fields.includes('currentPassword' as T) ? 'currentPassword' : field) as T;
      if (fields.includes(target)) {
        setError(target, { message });
        placed = true;
      }
    }
    if (!placed) notify.alert(error.message);
    return;
  }
  notify.alert('Something went wrong. Please try again.');
}
