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

/** The tables the integrations module owns: only its own code reads or writes them. */
export interface IntegrationTables {
  oauth_grant: OAuthGrantTable;
  oauth_code: OAuthCodeTable;
  oauth_token: OAuthTokenTable;
  api_key: ApiKeyTable;
  webhook_subscription: WebhookSubscriptionTable;
  webhook_delivery: WebhookDeliveryTable;
}
