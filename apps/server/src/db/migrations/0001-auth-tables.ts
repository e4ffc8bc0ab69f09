import { sql, type Kysely } from 'kysely';
import { type Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/** Better Auth's tables (user, session, account, verification, rateLimit) as its schema generator defines them. */
export function authTables(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('emailVerified', t.authBoolean, (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('createdAt', t.authDate, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
        .addColumn('updatedAt', t.authDate, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
        .addColumn('plan', 'text', (c) => c.notNull().defaultTo('basic'))
        .execute();
      await db.schema
        .createTable('session')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('expiresAt', t.authDate, (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', t.authDate, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
        .addColumn('updatedAt', t.authDate, (c) => c.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .execute();
      await db.schema
        .createTable('account')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('accountId', 'text', (c) => c.notNull())
        .addColumn('providerId', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', t.authDate)
        .addColumn('refreshTokenExpiresAt', t.authDate)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', t.authDate, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
        .addColumn('updatedAt', t.authDate, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('verification')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expiresAt', t.authDate, (c) => c.notNull())
        .addColumn('createdAt', t.authDate, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
        .addColumn('updatedAt', t.authDate, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
        .execute();
      await db.schema
        .createTable('rateLimit')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('lastRequest', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();
      await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();
      await db.schema.createIndex('verification_identifier_idx').on('verification').column('identifier').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['rateLimit', 'verification', 'account', 'session', 'user']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
