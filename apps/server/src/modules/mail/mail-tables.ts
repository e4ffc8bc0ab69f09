export interface MailOutboxTable {
  id: string;
  to: string;
  template: string;
  /** JSON of the template's data. */
  data: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The tables the mail module owns: only its own code reads or writes them. */
export interface MailTables {
  mail_outbox: MailOutboxTable;
}
