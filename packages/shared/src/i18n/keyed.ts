import type { ApiErrorMessageId } from './api-errors/en';
import type validationEnglish from './validation/messages/en.json';

/*
 * A message a person reads, carried by its id and its values rather than by its English words: what a shared
 * schema's check, an AppError and a refusal of the lead form say. Zod, react-hook-form and the server hand
 * messages on as strings, so a keyed message is a string too: `§id`, or `§id{"max":100}` with values. It is
 * turned into words only where it is shown: by the server in the request's language (`keyed-text.ts`), by the
 * SPA in the app's (`apps/web/src/lib/validation-messages.ts`). Only ids and types are imported here, so a
 * schema that uses `keyed` brings no catalog into the browser's bundle.
 */

/** A message of the `validation` family (shared schemas, used by the server and the SPA alike). */
export type ValidationMessageId = keyof typeof validationEnglish;
/** A message of either family: `validation`, or `api-errors` (the server's own refusals). */
export type MessageId = ValidationMessageId | ApiErrorMessageId;
export type MessageValues = Readonly<Record<string, string | number>>;

declare const keyedBrand: unique symbol;
/** A message as an id and its values (never English words): made by `keyed`, read by `readKeyed`. */
export type KeyedMessage = string & { readonly [keyedBrand]: true };

const marker = '§';
const shape = /^§([A-Za-z][A-Za-z0-9]*)(\{.*\})?$/s;

/** The message `id` with its placeholders' values: `keyed('nameTooLong', { max: 100 })`. */
export function keyed(id: MessageId, values?: MessageValues): KeyedMessage {
  return `${marker}${id}${values ? JSON.stringify(values) : ''}` as KeyedMessage;
}

/** A keyed message's id and values; null for any other text (a message of zod's own, or one already in words). */
export function readKeyed(message: string): { id: string; values: MessageValues | undefined } | null {
  if (!message.startsWith(marker)) return null;
  const match = shape.exec(message);
  if (!match) return null;
  if (!match[2]) return { id: match[1]!, values: undefined };
  try {
    return { id: match[1]!, values: JSON.parse(match[2]) as MessageValues };
  } catch {
    return null;
  }
}

/**
 * A message a shared schema reported (a zod issue's): keyed, as the catalog test holds every schema's own messages
 * to be, or one of zod's built-in English ones (a value of the wrong type), which only a malformed request meets.
 */
export function schemaMessage(message: string): KeyedMessage {
  return message as KeyedMessage;
}

/** A library's own refusal (the OAuth server's, in English), passed on as it is: its words are not ours to key. */
export function libraryMessage(message: string): KeyedMessage {
  return message as KeyedMessage;
}
