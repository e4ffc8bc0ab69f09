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
  twoFactorEnabled: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
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

/** A card. Booleans are 0/1, times ISO-8601 text, lists and settings JSON text. */
export interface CardTable {
  id: string;
  username: string;
  /** The lower-cased username: unique, so usernames are unique ignoring case. */
  username_key: string;
  owner_id: string;
  team_owner_id: string | null;
  title: string;
  name: string;
  company_name: string;
  job_title: string;
  description: string;
  email: string;
  phone: string;
  address: string;
  address_link: string;
  emails: string;
  phones: string;
  addresses: string;
  is_default: number;
  cover_image: string;
  profile_picture: string;
  links: string;
  downloadable_files: string;
  widgets: string;
  theme: string;
  lead_form: string;
  product_id: string | null;
  product_name: string | null;
  vcf_file_name: string | null;
  vcf_link: string | null;
  user_name_changed: number;
  version: number;
  created_at: string;
  updated_at: string;
}

/** A subscription as the payment provider reports it. */
export interface BillingSubscriptionTable {
  id: string;
  user_id: string;
  /** `operator`: a plan the instance's operator granted in the console (no payment; lasts until taken back). */
  provider: 'local' | 'stripe' | 'operator';
  provider_subscription_id: string;
  customer_id: string;
  /** One of `subscriptionStatuses` (packages/shared/src/plans/subscription-state.ts). */
  status: string;
  /** The plan the price stands for, resolved when the record is written ('subscribed' or 'team'). */
  plan: string;
  team_tier: number | null;
  created: string;
  current_period_end: string;
  trial_end: string | null;
  ended_at: string | null;
  price_id: string;
  unit_amount: number;
  interval: string;
  quantity: number;
  card_limitation: number | null;
  cancel_at_period_end: number;
  updated_at: string;
}

/** Provider events already handled: a duplicate delivery is ignored. */
export interface BillingWebhookEventTable {
  provider: string;
  event_id: string;
  type: string;
  processed_at: string;
}

/** The payment provider's customer of a user: created once, reused for every checkout and portal visit. */
export interface BillingCustomerTable {
  user_id: string;
  provider: 'local' | 'stripe';
  customer_id: string;
  created_at: string;
}

/** A checkout of the built-in local provider (no money moves). */
export interface BillingLocalCheckoutTable {
  id: string;
  user_id: string;
  customer_id: string;
  price_id: string;
  quantity: number;
  trial_days: number;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'completed' | 'canceled';
  created_at: string;
  expires_at: string;
  completed_at: string | null;
}

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

/** Visitor events on a card's public page, counted per card, UTC day (YYYY-MM-DD) and event. */
/** Insights counters per card, UTC day (or calendar month) and visit source; one column per metric. */
interface InsightCounters {
  card_id: string;
  source: string;
  views: number;
  uniques: number;
  saves: number;
  wallet_adds: number;
  link_clicks: number;
  file_downloads: number;
  leads: number;
  mobile_views: number;
  tablet_views: number;
  desktop_views: number;
}
export interface InsightDailyTable extends InsightCounters {
  day: string;
}
export interface InsightMonthlyTable extends InsightCounters {
  month: string;
}
/** Insights counts by detail: kind 'link' (a link's id), 'referrer' (a host) or 'country' (an ISO code). */
export interface InsightDetailDailyTable {
  card_id: string;
  day: string;
  kind: string;
  detail: string;
  count: number;
}
export interface InsightDetailMonthlyTable {
  card_id: string;
  month: string;
  kind: string;
  detail: string;
  count: number;
}
/** The day's random salt for unique visitors; deleted when the day is over. */
export interface InsightSaltTable {
  day: string;
  salt: string;
}
/** The salted hashes of one day's visitors per card; deleted when the day is over. */
export interface InsightVisitorTable {
  day: string;
  card_id: string;
  visitor_hash: string;
}

/** A person invited into a team; the team owner's user id is the team id. */
export interface TeamMemberTable {
  id: string;
  team_owner_id: string;
  /** Lower-cased. */
  email: string;
  name: string;
  /** 'admin' or 'employee'. */
  role: string;
  /** Set when the invitation is accepted. */
  user_id: string | null;
  is_accepted: number;
  first_login_at: string | null;
  last_login_at: string | null;
  invited_by: string | null;
  /** JSON of the card fields of a bulk import row, made into a card when the member accepts. */
  pending_card: string | null;
  created_at: string;
  updated_at: string;
}

/** One team's permission lists, one per role (admin, employee): JSON text of {name, checked} rows. */
export interface TeamRolesTable {
  team_owner_id: string;
  admin: string;
  employee: string;
  updated_at: string;
}

/** An invitation link; only the SHA-256 of its token is kept. */
export interface TeamInvitationTable {
  id: string;
  team_owner_id: string;
  member_id: string | null;
  email: string;
  role: string;
  invited_by: string | null;
  token_hash: string;
  expires_at: string;
  is_revoked: number;
  accepted_at: string | null;
  created_at: string;
}

/** A bulk import: its parsed rows (JSON), progress counters and per-row report (JSON). */
export interface TeamImportJobTable {
  id: string;
  team_owner_id: string;
  created_by: string | null;
  file_name: string;
  status: string;
  records: string;
  report: string;
  total_rows: number;
  processed_rows: number;
  created_count: number;
  skipped_count: number;
  rejected_count: number;
  error: string | null;
  /** No longer used: the job engine's lease decides who runs an import (`held_by` records which run). */
  lease_until: string | null;
  /** The `teams.import` job run that holds the import; only it saves progress. */
  held_by?: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** The SQLite job engine's jobs (apps/server/src/jobs). */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON. */
  payload: string;
  status: 'queued' | 'running' | 'failed' | 'dead' | 'done';
  singleton_key: string | null;
  attempts: number;
  retry_limit: number;
  retry_delay_seconds: number;
  run_at: string;
  /** Who holds a running job: a new token per claim, so a runner that lost its job cannot finish it. */
  lease_token: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface JobSchedulesTable {
  kind: string;
  cron: string;
  payload: string;
  last_fired_at: string | null;
}

/** One rate-limit counter (modules/rate-limit): a fixed window per key; times in epoch milliseconds. */
export interface RateLimitBucketTable {
  key: string;
  count: number;
  window_start: number | string;
  expires_at: number | string;
}

/** A username a card gave up, reserved for its former holder for a while (see usernameQuarantineDays). */
export interface ReleasedUsernameTable {
  username_key: string;
  user_id: string;
  released_at: string;
}

/** A confirmed downgrade and its effects at the period end (migration 0030). */
export interface PlanDowngradeTable {
  id: string;
  user_id: string;
  from_plan: string;
  to_plan: string;
  /** JSON: the impact lines the dialog showed (`DowngradeImpact[]`). */
  impacts: string;
  effective_at: string;
  status: 'scheduled' | 'due' | 'applied' | 'cancelled';
  created_at: string;
  updated_at: string;
  applied_at: string | null;
}

/** A card's wallet passes: settings, the stored Apple pass, its token's hash (migration 0050). */
export interface WalletPassTable {
  card_id: string;
  apple_settings: string | null;
  google_settings: string | null;
  settings_revision: Generated<number>;
  auth_token_hash: string | null;
  pass_key: string | null;
  pass_tag: string | null;
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

/** One user's permission for one OAuth client (migration 0070); its existence means "connected". */
export interface OAuthGrantTable {
  id: string;
  user_id: string;
  client_id: string;
  /** Space-separated scopes. */
  scopes: string;
  created_at: string;
  updated_at: string;
}

/** An authorization code (SHA-256 of it), single use. */
export interface OAuthCodeTable {
  code_hash: string;
  grant_id: string;
  redirect_uri: string;
  scopes: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  expires_at: string;
  created_at: string;
  /** When it was exchanged for tokens (migration 0103); presenting it again revokes the grant. */
  used_at: string | null;
}

/** An access/refresh token pair of a grant (SHA-256 of each). */
export interface OAuthTokenTable {
  id: string;
  grant_id: string;
  access_token_hash: string;
  access_expires_at: string;
  refresh_token_hash: string | null;
  refresh_expires_at: string | null;
  scopes: string;
  created_at: string;
  /** When the refresh token was exchanged for a new pair (migration 0103); presenting it again revokes the grant. */
  rotated_at: string | null;
}

/** A personal API key (SHA-256 of it; the prefix identifies it in lists). */
export interface ApiKeyTable {
  id: string;
  user_id: string;
  name: string;
  key_prefix: string;
  key_hash: string;
  scopes: string;
  created_at: string;
  last_used_at: string | null;
}

/** A webhook (REST hook) subscription of a user for one event. */
export interface WebhookSubscriptionTable {
  id: string;
  user_id: string;
  event: string;
  target_url: string;
  /** The Standard Webhooks signing secret (`whsec_…`). */
  secret: string;
  api_key_id: string | null;
  grant_id: string | null;
  created_at: string;
}

/** One event delivered (or being delivered) to one subscription. */
export interface WebhookDeliveryTable {
  id: string;
  subscription_id: string;
  event: string;
  /** The JSON body sent. */
  payload: string;
  status: 'pending' | 'retrying' | 'delivered' | 'failed' | 'gone';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
}

/** A batch of physical cards ordered from the printer (migration 0080). */
export interface PreorderBatchTable {
  id: string;
  product_id: string;
  product_name: string;
  count: number;
  created_by: string | null;
  created_at: string;
}

/** A physical card made ahead of its owner; its id is in the address on the chip (migration 0080). */
export interface PreorderTable {
  id: string;
  batch_id: string | null;
  product_id: string;
  product_name: string;
  activated: Generated<number>;
  activated_at: string | null;
  owner_id: string | null;
  card_id: string | null;
  is_deactivated: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A custom design or quote request (migration 0081). */
export interface DesignRequestTable {
  id: string;
  kind: string;
  status: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  notes: string;
  details: string;
  files: string;
  created_at: string;
  updated_at: string;
}

/** Operator flags of an account: promoted to operator, disabled (migration 0082). */
export interface OperatorAccountTable {
  user_id: string;
  is_admin: Generated<number>;
  is_disabled: Generated<number>;
  updated_at: string;
}

export interface InstanceSettingTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface AdminAuditLogTable {
  id: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_id: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
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

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  mail_outbox: MailOutboxTable;
  error_log: ErrorLogTable;
  card: CardTable;
  insight_daily: InsightDailyTable;
  insight_monthly: InsightMonthlyTable;
  insight_detail_daily: InsightDetailDailyTable;
  insight_detail_monthly: InsightDetailMonthlyTable;
  insight_salt: InsightSaltTable;
  insight_visitor: InsightVisitorTable;
  contact: ContactTable;
  user_setting: UserSettingTable;
  billing_subscription: BillingSubscriptionTable;
  billing_webhook_event: BillingWebhookEventTable;
  billing_local_checkout: BillingLocalCheckoutTable;
  billing_customer: BillingCustomerTable;
  team_member: TeamMemberTable;
  team_roles: TeamRolesTable;
  team_invitation: TeamInvitationTable;
  team_import_job: TeamImportJobTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  rate_limit_bucket: RateLimitBucketTable;
  released_username: ReleasedUsernameTable;
  plan_downgrade: PlanDowngradeTable;
  wallet_pass: WalletPassTable;
  wallet_device: WalletDeviceTable;
  oauth_grant: OAuthGrantTable;
  oauth_code: OAuthCodeTable;
  oauth_token: OAuthTokenTable;
  api_key: ApiKeyTable;
  webhook_subscription: WebhookSubscriptionTable;
  webhook_delivery: WebhookDeliveryTable;
  preorder_batch: PreorderBatchTable;
  preorder: PreorderTable;
  design_request: DesignRequestTable;
  operator_account: OperatorAccountTable;
  instance_setting: InstanceSettingTable;
  admin_audit_log: AdminAuditLogTable;
  passkey: PasskeyTable;
  twoFactor: TwoFactorTable;
}

export function toIsoString(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
