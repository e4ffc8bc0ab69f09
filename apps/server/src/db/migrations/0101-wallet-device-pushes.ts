import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Which pass each registered device was last woken for: `pushed_pass_tag` is the `wallet_pass.pass_tag` of the
 * last push APNs accepted for the device. A push job skips devices already woken for the current pass, so a
 * fan-out or push batch that runs again (a retry, a second change meanwhile) pushes only what is still due.
 */
export function walletDevicePushes(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('wallet_device').addColumn('pushed_pass_tag', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('wallet_device').dropColumn('pushed_pass_tag').execute();
    },
  };
}
