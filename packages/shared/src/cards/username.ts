import { z } from 'zod';
import { keyed } from '../i18n/keyed';

export const usernameMinLength = 3;
export const usernameMaxLength = 40;

export const usernameMessages = {
  /** Usernames are unique across all cards (ignoring case). */
  taken: 'This username is already taken',
} as const;

const usernamePattern = /^[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$/;

/**
 * A card's username, part of its public address. A new card's username is its generated id (20 letters
 * and digits), so every generated id passes this rule. Uniqueness ignores case and is checked by the server.
 */
export const usernameField = z
  .string()
  .trim()
  .min(usernameMinLength, keyed('usernameTooShort', { min: usernameMinLength }))
  .max(usernameMaxLength, keyed('usernameTooLong', { max: usernameMaxLength }))
  .regex(usernamePattern, keyed('usernameCharacters'));

/**
 * A username a card gave up (renamed, card or account deleted) stays reserved for the account that held it
 * this long, so nobody else can take over the address its printed QR codes and shared links still point at.
 */
export const usernameQuarantineDays = 30;

/** The spelling uniqueness is decided on. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}
