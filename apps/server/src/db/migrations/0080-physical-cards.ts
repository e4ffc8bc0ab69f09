import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Physical NFC cards made ahead of their owner. A batch is what the operator orders from the printer (N cards
 * of one product); each pre-order's id is the unguessable part of the address on its chip and QR code.
 * `activated` turns 1 exactly once (a conditional update decides between two people activating at once);
 * `owner_id` is who activated it, `card_id` the card a tap opens now (the card created on activation, until a
 * move), null once that card is deleted. `is_deactivated` makes taps show a neutral page.
 */
export function physicalCards(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('preorder_batch')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('preorder')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('batch_id', 'text', (c) => c.references('preorder_batch.id').onDelete('set null'))
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('activated', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('activated_at', 'text')
        .addColumn('owner_id', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('card_id', 'text', (c) => c.references('card.id').onDelete('set null'))
        .addColumn('is_deactivated', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('preorder_batch_idx').on('preorder').columns(['batch_id', 'created_at']).execute();
      await db.schema.createIndex('preorder_owner_idx').on('preorder').column('owner_id').execute();
      await db.schema.createIndex('preorder_card_idx').on('preorder').column('card_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('preorder').execute();
      await db.schema.dropTable('preorder_batch').execute();
    },
  };
}
