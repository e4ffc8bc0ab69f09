import type { Generated } from 'kysely';

/** A contact or lead (`manual_add` tells them apart). Booleans 0/1, times ISO-8601 text. */
export interface ContactTable {
  id: string;
  owner_id: string;
  /** Kept only when the owner was on the team plan when the lead arrived. */
  team_owner_id: string | null;
  card_id: string | null;
  /** The card's display name when the contact was made: still shown after the card is deleted. */
  card_name: string | null;
  manual_add: number;
  name: string;
  email: string;
  phone: string;
  company: string;
  job_title: string;
  message: string;
  notes: string;
  consent_text: string | null;
  consent_at: string | null;
  /** Lower-cased name, email, company and phone (and the phone's digits), searched with LIKE. */
  search_text: string;
  /** Lower-cased name, else email: the name order. */
  sort_name: string;
  created_at: string;
  updated_at: string;
  /** 1 for a contact read from a paper card by the scanner (kind "scanned"). */
  is_scanned: Generated<number>;
  /** JSON text of `ScanDetails` (more emails and phones, links, address); null for other contacts. */
  scan_details: string | null;
  /** Storage key of the card's photo. */
  image_key: string | null;
  /** The import that created it (undoing the import deletes it); null for every other contact. */
  import_id: string | null;
}

/** An uploaded contacts file: its check, its progress and its counts (see @cardstack/shared/contacts/import). */
export interface ContactImportTable {
  id: string;
  /** Who imported: the import and the contacts it makes are theirs. */
  owner_id: string;
  /** Set when the contacts go into the team's contacts. */
  team_owner_id: string | null;
  file_name: string;
  /** The stored upload, until the import is done or failed. */
  file_key: string | null;
  state: string;
  format: string | null;
  encoding: string | null;
  /** JSON: the CSV's headers, and the field each column fills. */
  columns: string;
  mapping: string;
  found: number;
  duplicates_by_email: number;
  duplicates_by_phone: number;
  processed: number;
  created: number;
  merged: number;
  skipped: number;
  refused: number;
  /** JSON: the first refused lines with their reasons. */
  refusals: string;
  error: string | null;
  on_email_match: string | null;
  on_phone_match: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** What an import's merge changed in a contact already kept: JSON of the changed fields before and after. */
export interface ContactImportMergeTable {
  import_id: string;
  contact_id: string;
  before: string;
  after: string;
}

/** Per-user settings; a user without a row has the defaults. */
export interface UserSettingTable {
  user_id: string;
  is_new_lead_email_on: number;
  updated_at: string;
}

/** The tables the contacts module owns: only its own code reads or writes them. */
export interface ContactTables {
  contact: ContactTable;
  contact_import: ContactImportTable;
  contact_import_merge: ContactImportMergeTable;
  user_setting: UserSettingTable;
}
