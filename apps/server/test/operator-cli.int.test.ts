import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from './operator-processes';

/*
 * The operator's commands as real processes, run where the operator keeps `.env`: each reads it as the server does
 * (the data in its DATA_DIR, the addresses of its BASE_URL), answers --help on standard output with exit 0 before
 * reading anything, and reports a wrong command line or configuration on standard error with a non-zero exit.
 */

// The processes run on SQLite whatever the project: the PostgreSQL run would repeat the same thing.
const onSqliteRun = process.env.TEST_DB !== 'postgres';
let folder: string;
const state = () => path.join(folder, 'state');

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-cli-'));
  // A relative DATA_DIR: resolved from the folder the command runs in, as `npm start` resolves it.
  fs.writeFileSync(path.join(folder, '.env'), 'DATA_DIR=./state\nBASE_URL=https://cards.example.test\nBILLING_PROVIDER=test\nLOG_LEVEL=silent\n');
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe.runIf(onSqliteRun)('npm run admin', () => {
  it('prints pre-order addresses of BASE_URL from .env, on the database in its DATA_DIR', async () => {
    const result = await runCommand('admin-cli', ['preorders', 'create', '--product-id', 'nfc-black', '--product-name', 'Black card', '--count', '2'], { cwd: folder });
    expect(result.stderr).toMatch(/^Created 2 pre-order\(s\) of "Black card" \(batch .+\)\.\n$/);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('id,url');
    expect(lines.slice(1)).toHaveLength(2);
    for (const line of lines.slice(1)) expect(line).toMatch(/^[A-Za-z0-9]{24},https:\/\/cards\.example\.test\/id\/[A-Za-z0-9]{24}\/\?src=nfc$/);
    expect(fs.existsSync(path.join(state(), 'cards.sqlite'))).toBe(true);
    expect(fs.existsSync(path.join(folder, 'data'))).toBe(false);
  }, 120_000);

  it('promotes on the database of .env, and says on standard error what is wrong', async () => {
    const result = await runCommand('admin-cli', ['promote', 'nobody@example.com'], { cwd: folder });
    expect(result).toEqual({ code: 1, stdout: '', stderr: 'No account has the address nobody@example.com. Sign up first, then promote it.\n' });
    const listed = await runCommand('admin-cli', ['users', 'list'], { cwd: folder });
    expect(listed).toEqual({ code: 0, stdout: '', stderr: '0 of 0 account(s).\n' });
  }, 120_000);

  it('refuses a wrong command line with the usage on standard error, and exits 2', async () => {
    for (const args of [['users', 'list', '--serch', 'x'], ['promote'], ['frobnicate'], ['preorders', 'create', '--search', 'x'], []]) {
      const result = await runCommand('admin-cli', args, { cwd: folder });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('Usage: npm run admin -- <command>');
    }
    const unknown = await runCommand('admin-cli', ['users', 'list', '--serch', 'x'], { cwd: folder });
    expect(unknown.stderr).toMatch(/^Unknown option '--serch'/);
  }, 120_000);

  it('backs up with PostgreSQL and S3 what is in DATA_DIR, and says what the archive does not hold', async () => {
    const env = { DATABASE_URL: 'postgres://cards@db.invalid/cards', AUTH_SECRET: 'x'.repeat(40), S3_BUCKET: 'cards-files', S3_ENDPOINT: 'http://s3.invalid', BACKUP_PASSPHRASE: 'twelve characters or more' };
    const result = await runCommand('admin-cli', ['backup', 'secrets.backup'], { cwd: folder, env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\(database: not included: PostgreSQL; files: not included: S3\)/);
    expect(result.stderr).toBe(
      'Not in the archive: the PostgreSQL database (DATABASE_URL): back it up with pg_dump, see docs/backups.md.\n' +
        "Not in the archive: the files in the S3 bucket cards-files: keep them with the bucket's versioning, see docs/backups.md.\n",
    );
    expect(fs.existsSync(path.join(folder, 'secrets.backup'))).toBe(true);
  }, 120_000);
});

describe.runIf(onSqliteRun)('npm run jobs', () => {
  it('counts the jobs of the database in the DATA_DIR of .env', async () => {
    const result = await runCommand('jobs-cli', ['counts'], { cwd: folder });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^queued +\d+\nrunning +\d+\nfailed +\d+\ndead +\d+\ndone +\d+\n$/);
    const wrong = await runCommand('jobs-cli', ['list', '--status', 'stuck'], { cwd: folder });
    expect(wrong.code).toBe(2);
    expect(wrong.stdout).toBe('');
    expect(wrong.stderr).toMatch(/^Unknown status "stuck"/);
    const missing = await runCommand('jobs-cli', ['retry', 'no-such-job'], { cwd: folder });
    expect(missing).toEqual({ code: 1, stdout: '', stderr: 'No failed or dead job has the id no-such-job.\n' });
  }, 120_000);
});

describe.runIf(onSqliteRun)('npm run mailbox', () => {
  it('lists and shows the local mailbox of the DATA_DIR in .env', async () => {
    fs.mkdirSync(path.join(state(), 'mailbox'), { recursive: true });
    fs.writeFileSync(path.join(state(), 'mailbox', '2026-01-01T00-00-00-ada@example.com.eml'), 'From: cards@example.test\r\nTo: ada@example.com\r\nSubject: Reset your password\r\n\r\nThe link.\r\n');
    const listed = await runCommand('mailbox-cli', [], { cwd: folder });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`1. 2026-01-01T00-00-00-ada@example.com.eml\n\n1 message(s) in ${path.join(fs.realpathSync(folder), 'state', 'mailbox')}`);
    const shown = await runCommand('mailbox-cli', ['show', '1'], { cwd: folder });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Subject: Reset your password\n\nThe link.');
    const missing = await runCommand('mailbox-cli', ['show', '9'], { cwd: folder });
    expect(missing).toEqual({ code: 1, stdout: '', stderr: 'There is no message 9; the mailbox has 1.\n' });
    const wrong = await runCommand('mailbox-cli', ['shw', '1'], { cwd: folder });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Usage: npm run mailbox -- [command]');
  }, 120_000);
});

describe.runIf(onSqliteRun)('every command', () => {
  it('answers --help on standard output with exit 0, before it reads any setting', async () => {
    const broken = path.join(folder, 'broken');
    fs.mkdirSync(broken);
    fs.writeFileSync(path.join(broken, '.env'), 'PORT=not-a-port\nAUTH_SECRET_FILE=/no/such/secret\n');
    const commands = [
      ['admin-cli', 'Usage: npm run admin -- <command>', ['users', 'list']],
      ['jobs-cli', 'Usage: npm run jobs -- <command>', ['counts']],
      ['mailbox-cli', 'Usage: npm run mailbox -- [command]', []],
    ] as const;
    for (const [entry, usage, args] of commands) {
      for (const help of ['--help', '-h']) {
        const result = await runCommand(entry, [help], { cwd: broken });
        expect(result, `${entry} ${help}`).toMatchObject({ code: 0, stderr: '' });
        expect(result.stdout.startsWith(usage)).toBe(true);
      }
      // Anything else reads .env, and its configuration error names the variables.
      const failed = await runCommand(entry, [...args], { cwd: broken });
      expect(failed.code, entry).toBe(1);
      expect(failed.stdout).toBe('');
      expect(failed.stderr).toContain('Invalid configuration:');
      expect(failed.stderr).toContain('AUTH_SECRET_FILE: cannot read the file /no/such/secret (ENOENT)');
      expect(failed.stderr).toContain('PORT:');
    }
  }, 180_000);
});
