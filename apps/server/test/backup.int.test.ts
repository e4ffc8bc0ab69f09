import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUpload } from './multipart';
import { runCommand, startServer, type ServerProcess } from './operator-processes';

/*
 * A backup that restores: a running server on SQLite takes leads from a loop posting to the public lead form
 * while `npm run admin -- backup` (its own process, settings from `.env`) writes the archive; the archive is
 * restored into a new folder, a second server starts there, and the account signs in, finds its card, its
 * uploaded image and every lead sent before the backup began, and a session of the first server still holds
 * (the generated AUTH_SECRET came along).
 */

const passphrase = 'a long backup passphrase for the test';
const email = 'ada@example.com';
const password = 'correct horse battery';

class Client {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly server: () => ServerProcess) {}
  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  async request(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
    const { url } = this.server();
    const isRaw = Buffer.isBuffer(body);
    const response = await fetch(`${url}${pathname}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: url,
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(body === undefined || isRaw ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: isRaw ? new Uint8Array(body) : JSON.stringify(body) }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      const value = pair.slice(separator + 1).trim();
      if (value) this.cookies.set(pair.slice(0, separator).trim(), value);
      else this.cookies.delete(pair.slice(0, separator).trim());
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, text: bytes.toString('utf8'), bytes, json: <T>() => JSON.parse(bytes.toString('utf8')) as T };
  }
}

let root: string;
let first: ServerProcess;
let second: ServerProcess | undefined;

// The processes run on SQLite whatever the project: the PostgreSQL run would repeat the same thing.
const onSqliteRun = process.env.TEST_DB !== 'postgres';

beforeAll(async () => {
  if (!onSqliteRun) return;
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-int-'));
  first = await startServer(path.join(root, 'data'), { LEAD_FORM_RATE_LIMIT_MAX: '100000' });
}, 120_000);

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe.runIf(onSqliteRun)('npm run admin -- backup and restore', () => {
  it('restores, from a backup taken while leads arrive, the account, its card, its image and the leads', async () => {
    const owner = new Client(() => first);
    expect((await owner.request('POST', '/api/auth/sign-up/email', { name: 'Ada Owner', email, password })).status).toBe(200);
    const outbox = new SqliteDatabase(path.join(root, 'data/cards.sqlite'), { readonly: true });
    const mail = outbox.prepare(`select data from mail_outbox where "to" = ? and template = 'verify-email'`).get(email) as { data: string };
    outbox.close();
    const opened = await owner.request('GET', (JSON.parse(mail.data) as { linkPath: string }).linkPath);
    expect(opened.status, opened.text).toBe(302);
    if (!(await owner.request('GET', '/api/me')).json<{ hasPassword: boolean }>().hasPassword) {
      expect((await owner.request('POST', '/api/account/password', { newPassword: password, confirmPassword: password })).status).toBe(200);
    }
    const created = await owner.request('POST', '/api/cards', { title: 'Work', name: 'Ada Lovelace', leadForm: { isEnabled: true, thankYouMessage: '' } });
    expect(created.status, created.text).toBe(201);
    const cardId = created.json<{ card: { id: string } }>().card.id;
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c03' } }).png().toBuffer();
    const upload = fileUpload(png, 'me.png', 'image/png');
    const uploaded = await owner.request('POST', `/api/cards/${cardId}/images/profile`, upload.body, upload.headers);
    expect(uploaded.status, uploaded.text).toBe(200);
    const imageUrl = JSON.stringify(uploaded.json()).match(/\/files\/images\/[^"]+\.webp/)?.[0];
    expect(imageUrl).toBeDefined();
    const image = await owner.request('GET', imageUrl!);
    expect(image.status).toBe(200);

    // Leads keep arriving, one after another, until the backup is done (at most 3,000 or two minutes).
    let sent = 0;
    let isStopped = false;
    const visitor = new Client(() => first);
    const loop = (async () => {
      const until = Date.now() + 120_000;
      while (!isStopped && sent < 3000 && Date.now() < until) {
        const lead = await visitor.request('POST', `/id/${cardId}/lead`, { name: `Lead ${sent}`, email: `lead-${sent}@example.com`, consent: true }, { accept: 'application/json' });
        if (lead.status !== 201) throw new Error(`lead ${sent}: ${lead.status} ${lead.text}`);
        sent += 1;
      }
    })();
    while (sent < 20) await new Promise((resolve) => setTimeout(resolve, 20));

    // The backup runs where the operator keeps .env (DATA_DIR and the passphrase in it).
    const operatorFolder = path.join(root, 'operator');
    fs.mkdirSync(operatorFolder);
    fs.writeFileSync(path.join(operatorFolder, '.env'), `DATA_DIR=${path.join(root, 'data')}\nBACKUP_PASSPHRASE="${passphrase}"\n`);
    const sentBeforeBackup = sent;
    const backup = await runCommand('admin-cli', ['backup', 'cards.backup'], { cwd: operatorFolder });
    const sentAfterBackup = sent;
    isStopped = true;
    await loop;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Wrote .*cards\.backup: \d+ file\(s\), .* \(database: sqlite; files: local\) in [\d.]+ s\.\n$/);
    // Leads did arrive while the archive was being written.
    expect(sentAfterBackup).toBeGreaterThan(sentBeforeBackup);

    // A folder that is not empty is refused; so is a command without a passphrase.
    const refused = await runCommand('admin-cli', ['restore', path.join(operatorFolder, 'cards.backup')], { cwd: root, env: { DATA_DIR: path.join(root, 'data'), BACKUP_PASSPHRASE: passphrase } });
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toContain('is not empty: restore only into an empty or new folder');
    const noPassphrase = await runCommand('admin-cli', ['restore', path.join(operatorFolder, 'cards.backup')], { cwd: root, env: { DATA_DIR: path.join(root, 'restored') } });
    expect(noPassphrase.code).toBe(1);
    expect(noPassphrase.stderr).toContain('Set BACKUP_PASSPHRASE (or BACKUP_PASSPHRASE_FILE');
    const wrong = await runCommand('admin-cli', ['restore', path.join(operatorFolder, 'cards.backup')], { cwd: root, env: { DATA_DIR: path.join(root, 'restored'), BACKUP_PASSPHRASE: 'not the passphrase at all' } });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Wrong passphrase');
    expect(fs.existsSync(path.join(root, 'restored'))).toBe(false);

    fs.writeFileSync(path.join(root, 'passphrase'), `${passphrase}\n`);
    const restored = await runCommand('admin-cli', ['restore', path.join(operatorFolder, 'cards.backup')], {
      cwd: root,
      env: { DATA_DIR: path.join(root, 'restored'), BACKUP_PASSPHRASE_FILE: path.join(root, 'passphrase') },
    });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Restored \d+ file\(s\), .* into .*restored\.\n$/);

    second = await startServer(path.join(root, 'restored'));
    // The session signed by the first server holds: the generated AUTH_SECRET was in the archive.
    const sameSession = new Client(() => second!);
    const me = await fetch(`${second.url}/api/me`, { headers: { cookie: owner.cookieHeader() } });
    expect(me.status).toBe(200);
    // And the account signs in with its password.
    expect((await sameSession.request('POST', '/api/auth/sign-in/email', { email, password })).status).toBe(200);
    const cards = await sameSession.request('GET', '/api/cards');
    expect(cards.status, cards.text).toBe(200);
    expect(cards.text).toContain(cardId);
    const restoredImage = await sameSession.request('GET', imageUrl!);
    expect(restoredImage.status).toBe(200);
    expect(restoredImage.bytes.equals(image.bytes)).toBe(true);
    const contacts = await sameSession.request('GET', '/api/contacts');
    const total = contacts.json<{ total: number }>().total;
    expect(total).toBeGreaterThanOrEqual(sentBeforeBackup);
    // At most one lead was in flight when the backup ended (the loop sends one at a time).
    expect(total).toBeLessThanOrEqual(sentAfterBackup + 1);
    const firstLead = await sameSession.request('GET', `/api/contacts?pageSize=1&search=${encodeURIComponent('lead-0@example.com')}`);
    expect(firstLead.text).toContain('Lead 0');
    // The public page of the restored card answers too.
    expect((await fetch(`${second.url}/id/${cardId}/`)).status).toBe(200);
  }, 300_000);
});
