import type { ContactFilterInput } from '@cardstack/shared/contacts/schemas';
import { contactQueryString, contactUrl } from './contact-keys';

/*
 * Addresses the browser downloads itself (a plain link streams the file; no copy of it in the page's memory), so
 * they have no fetcher.
 */

/** GET /api/contacts/export/{csv|xlsx|vcf} with the list's filter. */
export function exportUrl(format: 'csv' | 'xlsx' | 'vcf', filter: ContactFilterInput): string {
  const query = contactQueryString(filter);
  return `/api/contacts/export/${format}${query ? `?${query}` : ''}`;
}

/** The photo of a scanned card; `version` changes the URL when a merge replaced it. */
export function cardImageUrl(contactId: string, version: string): string {
  return contactUrl(contactId, `/card-image?v=${encodeURIComponent(version)}`);
}

export function vcardUrl(contactId: string): string {
  return contactUrl(contactId, '/vcard');
}
