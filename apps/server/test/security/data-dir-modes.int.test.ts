import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import { createLocalMailboxTransport } from '../../src/modules/mail/mail-module';
import { buyPro } from '../billing-support';
import { fileUpload } from '../multipart';
import { createTestApp, TestClient, type TestApp } from '../test-app';

/*
 * DATA_DIR holds the database, uploads, the local mailbox (password-reset links) and generated secrets: the server
 * makes it and every folder in it 0700, writes its secrets and mails 0600, and tightens an existing DATA_DIR that
 * others may read, saying so in the log.
 */

let t: TestApp | undefined;
const folders: string[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

function temporaryFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-data-dir-'));
  folders.push(folder);
  return folder;
}

describe('DATA_DIR permissions', () => {
  it('a new DATA_DIR, its folders, the generated secrets and the local mailbox are for the server user only', async () => {
    const dataDir = path.join(temporaryFolder(), 'data');
    // No AUTH_SECRET: one is generated into DATA_DIR. Mail goes to the local mailbox, files to DATA_DIR/files.
    t = await createTestApp({ DATA_DIR: dataDir, AUTH_SECRET: '' }, { mailTransport: createLocalMailboxTransport(path.join(dataDir, 'mailbox')) });
    const owner = new TestClient(t.app);
    const { email } = await owner.register({ verified: false });
    await buyPro(owner); // wallet passes are a paid feature
    const created = await owner.post('/api/cards', { title: 'Work card', name: 'Ada Lovelace' });
    expect(created.statusCode, created.body).toBe(201);
    const card = created.json().card as Card;
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const cover = fileUpload(png, 'cover.png', 'image/png');
    expect((await owner.request('POST', `/api/cards/${card.id}/images/cover`, cover.body, cover.headers)).statusCode).toBe(200);
    expect((await new TestClient(t.app).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    while ((await t.services.jobs.runDue()) > 0);
    // Development wallet credentials are made on the first pass.
    expect((await t.app.inject({ method: 'GET', url: `/id/${card.id}/apple-wallet.pkpass` })).statusCode).toBe(200);

    expect(modeOf(dataDir)).toBe('700');
    expect(modeOf(path.join(dataDir, 'auth-secret'))).toBe('600');
    expect(modeOf(path.join(dataDir, 'wallet-development-credentials.json'))).toBe('600');
    for (const folder of ['files', 'files/images', `files/images/${card.id}`, 'mailbox']) expect(modeOf(path.join(dataDir, folder)), folder).toBe('700');
    const mails = fs.readdirSync(path.join(dataDir, 'mailbox'));
    expect(mails.some((name) => name.includes(email.replace(/[^a-zA-Z0-9@._-]/g, '_'))), mails.join()).toBe(true);
    for (const mail of mails) expect(modeOf(path.join(dataDir, 'mailbox', mail)), mail).toBe('600');
  });

  it('an existing DATA_DIR others may read is tightened to 700 at start, with a warning in the log', async () => {
    const dataDir = temporaryFolder();
    fs.chmodSync(dataDir, 0o755);
    const lines: { level: number; msg: string }[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    });
    t = await createTestApp({ DATA_DIR: dataDir }, { logger: pino({ level: 'info' }, destination) });
    expect(modeOf(dataDir)).toBe('700');
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: `DATA_DIR ${dataDir} was open to other users (mode 755); tightened to 700` }));
    // The server still works in it.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
