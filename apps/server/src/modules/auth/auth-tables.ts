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
  twoFactorEnabled: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  /** The account's language and time zone ('' until chosen: English, UTC). */
  language: Generated<string>;
  timeZone: Generated<string>;
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

/** The two-factor plugin's authenticator-app secret and backup codes (encrypted by the library). */
export interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
}

/** A WebAuthn credential: a way to sign in and a second factor (migration 0100). */
export interface PasskeyTable {
  id: string;
  user_id: string;
  name: string;
  /** base64url, as the browser's credential id */
  credential_id: string;
  /** base64url of the COSE public key */
  public_key: string;
  /** bigint: PostgreSQL answers it as text */
  counter: number | string;
  transports: string;
  is_backed_up: number;
  created_at: string;
  last_used_at: string | null;
}

/** Better Auth's mailed-link and challenge tokens (stored hashed); only the library reads and writes it. */
export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

/**
 * The tables the auth module owns (Better Auth's, and the passkeys): only its own code reads or writes them. The
 * user's `plan` column belongs to billing (`BillingTables`).
 */
export interface AuthTables {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  passkey: PasskeyTable;
  twoFactor: TwoFactorTable;
  verification: VerificationTable;
}
