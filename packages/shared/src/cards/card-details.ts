import type { Card } from './schemas';

/** What a card says about its person: the texts and the contact lists the editor's General tab edits. */
export type CardDetails = Pick<
  Card,
  'name' | 'jobTitle' | 'companyName' | 'description' | 'email' | 'phone' | 'address' | 'addressLink' | 'emails' | 'phones' | 'addresses'
>;

/** A card's details from values that may leave some out (a new card's input, the editor's unsaved form): the missing ones are empty. */
export function cardDetailsOf(values: Partial<CardDetails>): CardDetails {
  return {
    name: values.name ?? '',
    jobTitle: values.jobTitle ?? '',
    companyName: values.companyName ?? '',
    description: values.description ?? '',
    email: values.email ?? '',
    phone: values.phone ?? '',
    address: values.address ?? '',
    addressLink: values.addressLink ?? '',
    emails: values.emails ?? [],
    phones: values.phones ?? [],
    addresses: values.addresses ?? [],
  };
}
