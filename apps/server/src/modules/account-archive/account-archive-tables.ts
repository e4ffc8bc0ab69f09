/** An account export ("Download my data"): kept after its archive is deleted, so the old server knows its ids. */
export interface AccountExportTable {
  /** 128 random bits, base64url: also the `exportId` in the archive's manifest. */
  id: string;
  user_id: string;
  /** building | ready | failed | expired */
  state: string;
  /** The archive in storage while it is ready; null before and after. */
  file_key: string | null;
  size: number | null;
  created_at: string;
  ready_at: string | null;
  /** When the archive is deleted (7 days after it was built). */
  expires_at: string | null;
}

/** An archive uploaded to be imported into an account, and what the import did. */
export interface AccountImportTable {
  id: string;
  user_id: string;
  /** The archive's `exportId` (its manifest). */
  export_id: string;
  /** The server the archive came from. */
  source: string;
  file_name: string;
  /** The uploaded archive in storage until the import has run. */
  file_key: string | null;
  /** queued | running | done | failed */
  state: string;
  /** JSON of the report (`AccountImportReport`) once done. */
  report: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** Which card each archived card became: what `GET /api/account/moves/{exportId}` answers. */
export interface AccountImportCardTable {
  import_id: string;
  export_id: string;
  source_card_id: string;
  card_id: string;
  created_at: string;
}

/** The tables the account-archive module owns: only its own code reads or writes them. */
export interface AccountArchiveTables {
  account_export: AccountExportTable;
  account_import: AccountImportTable;
  account_import_card: AccountImportCardTable;
}
