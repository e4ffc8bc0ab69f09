import type { ColumnType, Generated } from 'kysely';

/** A Better Auth time: a Date on PostgreSQL, an ISO string on SQLite. Read it through `toIsoString`. */
type AuthDate = ColumnType<Date | string, Date | string, Date | string>;
/** Better Auth booleans: boolean on PostgreSQL, 0/1 on SQLite. */
type AuthBoolean = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: AuthBoolean;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  plan: Generated<string>;
}

export interface SessionTable {
  id: string;
  expiresAt: AuthDate;
  token: string;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthDate | null;
  refreshTokenExpiresAt: AuthDate | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

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

export interface ErrorLogTable {
  id: string;
  message: string;
  context: string | null;
  created_at: string;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  mail_outbox: MailOutboxTable;
  error_log: ErrorLogTable;
}

export function toIsoString(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
