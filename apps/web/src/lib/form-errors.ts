import type { FieldValues, GlobalError, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

const somethingWentWrong = 'Something went wrong. Please try again.';

/**
 * After a failed submit of a react-hook-form form: the server's per-field messages go under the form's own fields
 * (a list item's under its list), and the message that found no field (the server's, or a general one when the
 * request failed some other way) becomes the form's `root.server` error, shown above the fields (`formErrorOf`).
 */
export function showServerError<Values extends FieldValues>(error: unknown, setError: UseFormSetError<Values>, fields: readonly Path<Values>[]): void {
  if (!(error instanceof ApiError)) {
    setError('root.server', { message: somethingWentWrong });
    return;
  }
  let isPlaced = false;
  for (const [key, message] of Object.entries(error.fields)) {
    // "emails.1": a list's item is reported under the list (the form holds the list as one field).
    const field = [key, key.split('.')[0]].find((name) => (fields as readonly (string | undefined)[]).includes(name));
    if (!field) continue;
    setError(field as Path<Values>, { message });
    isPlaced = true;
  }
  if (!isPlaced) setError('root.server', { message: error.message });
}

/** The form's own error: what `showServerError` could not place under a field. */
export function formErrorOf(errors: { root?: Record<string, GlobalError> }): string | undefined {
  return errors.root?.server?.message;
}

/**
 * The first message in a field's error, however deep: a list typed as one text (email domains, one per line) is
 * checked item by item, and its errors sit under the item's index.
 */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string') return message;
  for (const nested of Object.values(error)) {
    const found = firstMessage(nested);
    if (found) return found;
  }
  return undefined;
}
