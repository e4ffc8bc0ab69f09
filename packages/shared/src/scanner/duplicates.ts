import { parsePhoneNumberFromString } from 'libphonenumber-js';

/*
 * When a scanned card is "the same person" as a contact already kept: any email in common (case-insensitive),
 * or any phone number in common. Phones are compared by their national number, so "+49 30 1234567" on the card
 * matches "030 1234567" typed into a contact by hand (the trunk zero dropped) and "(415) 555-0132" matches
 * "+1 415 555 0132". Pure, used by the server's duplicate check.
 */

/** Phone numbers shorter than this are not compared: too many unrelated ones would match. */
const minPhoneKeyDigits = 6;

/** The digits two printings of one number share: the national number without trunk zeros. */
export function phoneKey(value: string): string | null {
  const trimmed = value.trim().replace(/^00/, '+');
  if (trimmed.startsWith('+')) {
    const parsed = parsePhoneNumberFromString(trimmed);
    if (parsed) return parsed.nationalNumber.length >= minPhoneKeyDigits ? parsed.nationalNumber : null;
  }
  const digits = trimmed.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= minPhoneKeyDigits ? digits : null;
}

export interface ContactIdentity {
  emails: readonly string[];
  phones: readonly string[];
}

/** The lower-cased emails and phone keys of a contact or a card, for matching and for the database's pre-filter. */
export function identityKeys(identity: ContactIdentity): { emails: string[]; phones: string[] } {
  const emails = identity.emails.map((email) => email.trim().toLowerCase()).filter((email) => email.includes('@'));
  const phones = identity.phones.map(phoneKey).filter((key): key is string => key !== null);
  return { emails: [...new Set(emails)], phones: [...new Set(phones)] };
}

/** The emails and phone keys both share; empty when they are not duplicates. */
export function sharedIdentity(card: ContactIdentity, contact: ContactIdentity): string[] {
  const a = identityKeys(card);
  const b = identityKeys(contact);
  return [...a.emails.filter((email) => b.emails.includes(email)), ...a.phones.filter((phone) => b.phones.includes(phone))];
}
