import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { type Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Cards. The database itself keeps the two invariants the API promises: at most one default card
 * per owner (a partial unique index), and usernames unique ignoring case (a unique index on the lower-cased
 * copy). Lists, images and settings are JSON text so the same queries run on both engines.
 */
export function cards(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const text = (value: string) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);
      await db.schema
        .createTable('card')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_key', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('team_owner_id', 'text')
        .addColumn('title', 'text', text(''))
        .addColumn('name', 'text', text(''))
        .addColumn('company_name', 'text', text(''))
        .addColumn('job_title', 'text', text(''))
        .addColumn('description', 'text', text(''))
        .addColumn('email', 'text', text(''))
        .addColumn('phone', 'text', text(''))
        .addColumn('address', 'text', text(''))
        .addColumn('address_link', 'text', text(''))
        .addColumn('emails', 'text', text('[]'))
        .addColumn('phones', 'text', text('[]'))
        .addColumn('addresses', 'text', text('[]'))
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cover_image', 'text', (c) => c.notNull())
        .addColumn('profile_picture', 'text', (c) => c.notNull())
        .addColumn('links', 'text', text('[]'))
        .addColumn('downloadable_files', 'text', text('[]'))
        .addColumn('widgets', 'text', text('[]'))
        .addColumn('theme', 'text', (c) => c.notNull())
        .addColumn('lead_form', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text')
        .addColumn('product_name', 'text')
        .addColumn('vcf_file_name', 'text')
        .addColumn('vcf_link', 'text')
        .addColumn('user_name_changed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('card_username_key_unique').on('card').column('username_key').unique().execute();
      await db.schema
        .createIndex('card_one_default_per_owner')
        .on('card')
        .column('owner_id')
        .unique()
        .where(sql.ref('is_default'), '=', 1)
        .execute();
      await db.schema.createIndex('card_owner_newest_idx').on('card').columns(['owner_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('card_team_owner_newest_idx').on('card').columns(['team_owner_id', 'created_at', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('card').execute();
    },
  };
}
