import type { Card } from './schemas';
import { textFieldsOf } from '../text/text-fields';

/** What a card says about its person: the texts and the contact lists the editor's General tab edits. */
export type CardDetails = Pick<
  Card,
  'name' | 'jobTitle' | 'companyName' | 'description' | 'email' | 'phone' | 'address' | 'addressLink' | 'emails' | 'phones' | 'addresses'
>;

/** A card's details from values that may leave some out (a new card's input, the editor's unsaved form): the missing ones are empty. */
export function cardDetailsOf(values: Partial<CardDetails>): CardDetails {
  return {
    ...textFieldsOf(values, ['name', 'jobTitle', 'companyName', 'description', 'email', 'phone', 'address', 'addressLink']),
    emails: values.emails ?? [],
    phones: values.phones ?? [],
    addresses: values.addresses ?? [],
  };
}
