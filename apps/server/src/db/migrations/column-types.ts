import type { DialectName } from '../database';

/**
 * Column types that differ between the engines. Better Auth's own tables use its native types
 * (`authBoolean`, `authDate`); our tables keep booleans as 0/1 integers and times as ISO-8601 text so
 * every query and every value is the same on both engines (docs/decisions/0003-database-portability.md).
 */
export function columnTypes(dialect: DialectName) {
  return {
    dialect,
    authBoolean: dialect === 'postgres' ? ('boolean' as const) : ('integer' as const),
    authDate: dialect === 'postgres' ? ('timestamptz' as const) : ('date' as const),
  };
}
export type ColumnTypes = ReturnType<typeof columnTypes>;
