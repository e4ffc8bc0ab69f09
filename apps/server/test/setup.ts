import pg from 'pg';
import { afterEach, expect, vi } from 'vitest';

// A console.error in a test is a failure: it means something went wrong that no assertion looked at.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  expect(calls, 'console.error was called').toEqual([]);
});

// On PostgreSQL each Vitest worker has a database of its own beside the one TEST_DATABASE_URL names
// (`<name>_w<worker>`, made on first use, kept for the next run), and each test app a schema in it: files run side
// by side, and no file's queries can meet another file's schemas (side by side in one database, PostgreSQL's
// parallel query workers failed with "schema … does not exist").
if (process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL && !process.env.TEST_DATABASE_URL_OF_RUN) {
  const shared = new URL(process.env.TEST_DATABASE_URL);
  const name = `${shared.pathname.slice(1) || 'postgres'}_w${process.env.VITEST_POOL_ID ?? '1'}`;
  const admin = new pg.Client({ connectionString: shared.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const own = new URL(shared);
  own.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL_OF_RUN = shared.toString();
  process.env.TEST_DATABASE_URL = own.toString();
}
