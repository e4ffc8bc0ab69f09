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
  user_setting: UserSettingTable;
}
