import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Replayed OAuth credentials are detected instead of merely refused: an exchanged authorization code is kept,
 * marked `used_at`, and a refreshed token pair is kept, marked `rotated_at` (its access token no longer works),
 * until its refresh token would have expired. Presenting either again revokes the grant (RFC 6749 §10.5, the
 * OAuth 2.0 Security BCP §4.14).
 */
export function oauthReplayDetection(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('oauth_code').addColumn('used_at', 'text').execute();
      await db.schema.alterTable('oauth_token').addColumn('rotated_at', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('oauth_token').dropColumn('rotated_at').execute();
      await db.schema.alterTable('oauth_code').dropColumn('used_at').execute();
    },
  };
}
