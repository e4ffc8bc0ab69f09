import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Contact imports: one row per uploaded file (its check, its progress, its counts and refusals), the contacts it
 * created tagged with its id, and what each merge changed in a contact it already kept, so "Undo this import"
 * removes exactly what the import added.
 */
export function contactImports(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contact_import')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('team_owner_id', 'text')
        .addColumn('file_name', 'text', (col) => col.notNull())
        .addColumn('file_key', 'text')
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('format', 'text')
        .addColumn('encoding', 'text')
        .addColumn('columns', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('mapping', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('found', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('duplicates_by_email', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('duplicates_by_phone', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('processed', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('merged', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('skipped', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('refused', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('refusals', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('error', 'text')
        .addColumn('on_email_match', 'text')
        .addColumn('on_phone_match', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('contact_import_owner').on('contact_import').columns(['owner_id', 'created_at']).execute();
      await db.schema
        .createTable('contact_import_merge')
        .addColumn('import_id', 'text', (col) => col.notNull())
        .addColumn('contact_id', 'text', (col) => col.notNull())
        .addColumn('before', 'text', (col) => col.notNull())
        .addColumn('after', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('contact_import_merge_pk', ['import_id', 'contact_id'])
        .execute();
      await db.schema.alterTable('contact').addColumn('import_id', 'text').execute();
      await db.schema.createIndex('contact_import_id').on('contact').column('import_id').where('import_id', 'is not', null).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('contact_import_id').execute();
      await db.schema.alterTable('contact').dropColumn('import_id').execute();
      await db.schema.dropTable('contact_import_merge').execute();
      await db.schema.dropTable('contact_import').execute();
    },
  };
}
