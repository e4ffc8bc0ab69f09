import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueueMail } from '../src/modules/mail/outbox';
import { createLocalMailboxTransport, createSmtpTransport, type MailTransport } from '../src/modules/mail/transport';
import { createMailWorker, maxMailAttempts, retryDelayMs } from '../src/modules/mail/worker';
import { openTestDatabase } from './test-app';
import { migrateToLatest, type DatabaseHandle } from '../src/db/database';
import pino from 'pino';

let database: { handle: DatabaseHandle; drop(): Promise<void>; dataDir: string };
beforeEach(async () => {
  database = await openTestDatabase();
  await migrateToLatest(database.handle);
});
afterEach(async () => {
  await database.handle.destroy();
  await database.drop();
});

/** A real SMTP server on 127.0.0.1:0 that keeps every message it receives, parsed. */
async function startSmtpServer(options: { failFirst?: number } = {}) {
  const received: ParsedMail[] = [];
  let failuresLeft = options.failFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then((parsed) => {
          received.push(parsed);
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function worker(transport: MailTransport) {
  return createMailWorker({
    db: database.handle.db,
    transport,
    from: 'Cards <no-reply@cards.test>',
    baseUrl: 'https://cards.example.com',
    invitationPath: () => '/invite/not-used-here',
    logger: pino({ level: 'silent' }),
    intervalMs: 1000,
  });
}

describe('mail outbox', () => {
  it('delivers the welcome mail through SMTP as a real HTML + text message', async () => {
    const smtp = await startSmtpServer();
    try {
      await enqueueMail(database.handle.db, { to: 'new@example.com', template: 'welcome', data: { displayName: 'Noor <b>' } });
      const mailWorker = worker(createSmtpTransport(smtp.url));
      expect(await mailWorker.drain()).toBe(1);
      await mailWorker.stop();

      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.subject).toBe('Welcome! Create your first digital business card');
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('new@example.com');
      expect(mail.html).toContain('href="https://cards.example.com/customize"');
      expect(mail.html).toContain('href="https://cards.example.com/subscription"');
      // User data is escaped in the HTML part.
      expect(mail.html).toContain('Noor &lt;b&gt;');
      expect(mail.text).toContain('Create your card: https://cards.example.com/customize');
      const row = await database.handle.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      expect(row.status).toBe('sent');
      expect(row.sent_at).not.toBeNull();
    } finally {
      await smtp.close();
    }
  });

  it('keeps a mail when SMTP fails and sends it on a later attempt', async () => {
    const smtp = await startSmtpServer({ failFirst: 1 });
    try {
      await enqueueMail(database.handle.db, { to: 'retry@example.com', template: 'welcome', data: { displayName: 'R' } });
      const mailWorker = worker(createSmtpTransport(smtp.url));
      expect(await mailWorker.drain()).toBe(0);
      const afterFailure = await database.handle.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      expect(afterFailure).toMatchObject({ status: 'pending', attempts: 1 });
      expect(afterFailure.last_error).toMatch(/temporarily unavailable/);
      expect(new Date(afterFailure.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 20_000);

      // Not due yet: nothing happens. Once due, it is delivered.
      expect(await mailWorker.deliverDue(new Date())).toBe(0);
      expect(await mailWorker.deliverDue(new Date(Date.now() + retryDelayMs(1) + 1000))).toBe(1);
      await mailWorker.stop();
      expect(smtp.received.map((mail) => mail.subject)).toEqual(['Welcome! Create your first digital business card']);
    } finally {
      await smtp.close();
    }
  });

  it('gives up after the last attempt and marks the mail failed', async () => {
    const failing: MailTransport = { kind: 'smtp', send: async () => Promise.reject(new Error('connection refused')), close: () => undefined };
    await enqueueMail(database.handle.db, { to: 'x@example.com', template: 'welcome', data: { displayName: 'X' } });
    const mailWorker = worker(failing);
    let now = Date.now();
    for (let attempt = 0; attempt < maxMailAttempts; attempt += 1) {
      await mailWorker.deliverDue(new Date(now));
      now += 2 * 3_600_000;
    }
    const row = await database.handle.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: maxMailAttempts });
  });

  it('sends a mail once even when two workers drain at the same time', async () => {
    const sent: string[] = [];
    const slow: MailTransport = {
      kind: 'smtp',
      send: async (mail) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        sent.push(mail.to);
      },
      close: () => undefined,
    };
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await enqueueMail(database.handle.db, { to, template: 'welcome', data: { displayName: to } });
    }
    await Promise.all([worker(slow).deliverDue(), worker(slow).deliverDue()]);
    expect(sent.sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
  });

  it('writes to the local mailbox as .eml files when no SMTP is configured', async () => {
    const mailbox = fs.mkdtempSync(path.join(os.tmpdir(), 'mailbox-'));
    try {
      await enqueueMail(database.handle.db, { to: 'local@example.com', template: 'welcome', data: { displayName: 'L' } });
      const mailWorker = worker(createLocalMailboxTransport(mailbox));
      expect(await mailWorker.drain()).toBe(1);
      const files = fs.readdirSync(mailbox);
      expect(files).toHaveLength(1);
      const parsed = await simpleParser(fs.readFileSync(path.join(mailbox, files[0]!)));
      expect(parsed.subject).toBe('Welcome! Create your first digital business card');
    } finally {
      fs.rmSync(mailbox, { recursive: true, force: true });
    }
  });
});
