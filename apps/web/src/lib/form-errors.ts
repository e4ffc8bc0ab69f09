import type { FieldValues, GlobalError, Path, UseFormSetError } from 'react-hook-form';
import { keyed } from '@cardstack/shared/i18n/keyed';
import { ApiError } from './api-client';
import { validationText } from './validation-messages';

/**
 * After a failed submit of a react-hook-form form: the server's per-field messages go under the form's own fields
 * (a list item's under its list; `renamed` maps the server's name of a field to the form's), and the answer is the
 * message that found no field — the server's, or a general one when the request failed some other way — for the
 * caller to show as it shows such messages. Undefined when every message found its field.
 */
export function placeServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
  renamed: Partial<Record<string, Path<Values>>> = {},
): string | undefined {
  // The server's messages come in the app's language (the request said which); this one is the app's own.
  if (!(error instanceof ApiError)) return validationText(keyed('somethingWentWrong'));
  let isPlaced = false;
  for (const [key, message] of Object.entries(error.fields)) {
    // "emails.1": a list's item is reported under the list (the form holds the list as one field).
    const field = [renamed[key], key, key.split('.')[0]].find((name) => (fields as readonly (string | undefined)[]).includes(name));
    if (!field) continue;
    setError(field as Path<Values>, { message });
    isPlaced = true;
  }
  return isPlaced ? undefined : error.message;
}

/** `placeServerErrors`, with the message no field took as the form's `root.server` error, shown above its fields (`formErrorOf`). */
export function showServerError<Values extends FieldValues>(error: unknown, setError: UseFormSetError<Values>, fields: readonly Path<Values>[]): void {
  const unplaced = placeServerErrors(error, setError, fields);
  if (unplaced) setError('root.server', { message: unplaced });
}

/** The form's own error: what `showServerError` could not place under a field, in words. */
export function formErrorOf(errors: { root?: Record<string, GlobalError> }): string | undefined {
  const message = errors.root?.server?.message;
  return message === undefined ? undefined : validationText(message);
}

/**
 * The first message in a field's error, however deep, in words: a list typed as one text (email domains, one per
 * line) is checked item by item, and its errors sit under the item's index.
 */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string') return validationText(message);
  for (const nested of Object.values(error)) {
    const found = firstMessage(nested);
    if (found) return found;
  }
  return undefined;
}
