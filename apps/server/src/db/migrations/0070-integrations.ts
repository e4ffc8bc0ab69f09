import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Integrations: the OAuth 2.0 authorization server, personal API keys and webhook subscriptions.
 *
 * - oauth_grant: one user's permission for one client (Zapier); its existence means "connected". Deleting it
 *   (Disconnect) removes its codes, tokens and webhook subscriptions at once.
 * - oauth_code: authorization codes (only their SHA-256 is stored), single use, with the PKCE challenge.
 * - oauth_token: access/refresh token pairs of a grant, both stored as SHA-256 hashes; a refresh replaces the row.
 * - api_key: personal API keys (hash only, plus a short prefix to recognise them in the list).
 * - webhook_subscription: a target URL for one event, created through a key or a grant (and removed with it).
 * - webhook_delivery: one event to one subscription, its status and attempts (the job engine does the retrying).
 */
export function integrations(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('oauth_grant')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('oauth_grant_user_client_unique').on('oauth_grant').columns(['user_id', 'client_id']).unique().execute();

      await db.schema
        .createTable('oauth_code')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('grant_id', 'text', (c) => c.notNull().references('oauth_grant.id').onDelete('cascade'))
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('code_challenge', 'text')
        .addColumn('code_challenge_method', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('oauth_token')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('grant_id', 'text', (c) => c.notNull().references('oauth_grant.id').onDelete('cascade'))
        .addColumn('access_token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('access_expires_at', 'text', (c) => c.notNull())
        .addColumn('refresh_token_hash', 'text', (c) => c.unique())
        .addColumn('refresh_expires_at', 'text')
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('oauth_token_grant_idx').on('oauth_token').column('grant_id').execute();

      await db.schema
        .createTable('api_key')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_prefix', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('api_key_user_idx').on('api_key').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('webhook_subscription')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('target_url', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('api_key_id', 'text', (c) => c.references('api_key.id').onDelete('cascade'))
        .addColumn('grant_id', 'text', (c) => c.references('oauth_grant.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_subscription_user_event_idx').on('webhook_subscription').columns(['user_id', 'event']).execute();

      await db.schema
        .createTable('webhook_delivery')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('subscription_id', 'text', (c) => c.notNull().references('webhook_subscription.id').onDelete('cascade'))
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_status_code', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('delivered_at', 'text')
        .execute();
      await db.schema.createIndex('webhook_delivery_subscription_idx').on('webhook_delivery').columns(['subscription_id', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webhook_delivery').execute();
      await db.schema.dropTable('webhook_subscription').execute();
      await db.schema.dropTable('api_key').execute();
      await db.schema.dropTable('oauth_token').execute();
      await db.schema.dropTable('oauth_code').execute();
      await db.schema.dropTable('oauth_grant').execute();
    },
  };
}
