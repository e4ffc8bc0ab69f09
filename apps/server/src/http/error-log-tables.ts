export interface ErrorLogTable {
  id: string;
  message: string;
  context: string | null;
  created_at: string;
}

/** The table the error log owns (`http/errors.ts` writes it, `http/error-log.ts` prunes and lists it). */
export interface ErrorLogTables {
  error_log: ErrorLogTable;
}
