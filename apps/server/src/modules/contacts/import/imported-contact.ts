import type { KeyedMessage } from '@cardstack/shared/i18n/keyed';

/*
 * One contact read from an uploaded file, before it is checked: what every format (vCard, Google's and
 * Outlook's CSV, any CSV with a column mapping) is turned into. Checked with the scanner's schema, as a contact
 * with several emails, phones and links.
 */
export interface ImportedContact {
  name: string;
  jobTitle: string;
  company: string;
  emails: string[];
  phones: string[];
  websites: string[];
  address: string;
  notes: string;
  /** An embedded photo (a vCard's PHOTO), still as the file had it; re-encoded before it is kept. */
  photo: Uint8Array | null;
}

export function emptyImportedContact(): ImportedContact {
  return { name: '', jobTitle: '', company: '', emails: [], phones: [], websites: [], address: '', notes: '', photo: null };
}

/**
 * A record read from the file: its line (a vCard's BEGIN line, a CSV's row), and the contact or why it is refused
 * (a keyed message, said in the reader's language when the import's state is read; `value` what it is about).
 */
export type ImportRecord = { line: number; contact: ImportedContact } | { line: number; refusal: KeyedMessage; value?: string };
