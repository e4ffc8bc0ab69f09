import type { Generated } from 'kysely';

/** A card's wallet passes: settings, the stored Apple pass, its token's hash (migration 0050). */
export interface WalletPassTable {
  card_id: string;
  apple_settings: string | null;
  google_settings: string | null;
  settings_revision: Generated<number>;
  auth_token_hash: string | null;
  pass_key: string | null;
  pass_tag: string | null;
  /** What the Google pass class in Google's store holds (migration 0112); null: none stored yet. */
  google_class_tag: string | null;
  updated_at: string;
  created_at: string;
}

/** A device registered for updates of a card's Apple pass. */
export interface WalletDeviceTable {
  device_library_id: string;
  card_id: string;
  pass_type_id: string;
  push_token: string;
  created_at: string;
  /** The pass tag of the last push APNs accepted for this device (migration 0101); null: never pushed. */
  pushed_pass_tag: string | null;
}

/** An expiry warning mailed to the operators: one per credential, expiry date and threshold (migration 0105). */
export interface WalletCredentialWarningTable {
  credential: string;
  expires_at: string;
  threshold_days: number;
  sent_at: string;
}

/** The tables the wallet module owns: only its own code reads or writes them. */
export interface WalletTables {
  wallet_pass: WalletPassTable;
  wallet_device: WalletDeviceTable;
  wallet_credential_warning: WalletCredentialWarningTable;
}
