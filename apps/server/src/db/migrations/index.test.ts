import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrationNames, renamedMigrations } from './index';

const numberOf = (name: string) => Number(name.slice(0, 4));

describe('migration numbering', () => {
  it('gives every migration its own four-digit number, ascending in list order', () => {
    for (const name of migrationNames) expect(name).toMatch(/^\d{4}-[a-z0-9]+(-[a-z0-9]+)*$/);
    const numbers = migrationNames.map(numberOf);
    expect(new Set(numbers).size, 'no number is shared').toBe(numbers.length);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    // Kysely runs migrations in the order of their names: it must be the list's order.
    expect(migrationNames).toEqual([...migrationNames].sort((a, b) => a.localeCompare(b)));
  });

  it('keeps each migration in a file of its name', () => {
    for (const name of migrationNames) expect(fs.existsSync(new URL(`./${name}.ts`, import.meta.url)), name).toBe(true);
  });

  it('renames old names only to current ones, never onto a name still in use', () => {
    for (const [from, to] of renamedMigrations) {
      expect(migrationNames).toContain(to);
      expect(migrationNames).not.toContain(from);
    }
    expect(new Set(renamedMigrations.map(([from]) => from)).size).toBe(renamedMigrations.length);
  });
});
