import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, type DatabaseHandle } from '../src/db/database';
import { createJobEngine, type JobEngine } from '../src/jobs/jobs-module';
import { clearOldSentMail, registerMailJobs, type MailJobsDeps } from '../src/modules/mail/mail-jobs';
import { anyRecipient } from '../src/modules/mail/templates/links';
import { createMailOutbox, maxMailAttempts, type MailOutbox } from '../src/modules/mail/outbox';
import { createLocalMailboxTransport, createSmtpTransport, type MailTransport } from '../src/modules/mail/transport';
import { openTestDatabase } from './test-app';

let database: { handle: DatabaseHandle; drop(): Promise<void>; dataDir: string };
const engines: JobEngine[] = [];
/** The outbox over the last engine `mailJobs` made. */
let outbox: MailOutbox;
beforeEach(async () => {
  database = await openTestDatabase();
  await migrateToLatest(database.handle);
});
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
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

/** A job engine on the test database whose `mail.send` jobs go out through `transport`. */
async function mailJobs(transport: MailTransport, recipientOf: MailJobsDeps['recipientOf'] = async () => anyRecipient): Promise<JobEngine> {
  const engine = await createJobEngine({ database: database.handle, logger: pino({ level: 'silent' }), pollIntervalMs: 100 });
  engines.push(engine);
  outbox = createMailOutbox(engine);
  registerMailJobs(engine, {
    db: database.handle.db,
    transport,
    from: 'Cards <no-reply@cards.test>',
    baseUrl: 'https://cards.example.com',
    recipientOf,
    invitationPath: () => '/invite/not-used-here',
    logger: pino({ level: 'silent' }),
    retentionDays: 30,
  });
  return engine;
}

const outboxRow = () => database.handle.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();

describe('mail outbox', () => {
  it('delivers the welcome mail through SMTP as a real HTML + text message', async () => {
    const smtp = await startSmtpServer();
    try {
      const jobs = await mailJobs(createSmtpTransport(smtp.url));
      await outbox.enqueue(database.handle.db, { to: 'new@example.com', template: 'welcome', data: { displayName: 'Noor <b>' } });
      expect(await jobs.runDue()).toBe(1);

      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.subject).toBe('Welcome! Create your first digital business card');
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('new@example.com');
      expect(mail.html).toContain('href="https://cards.example.com/customize"');
      expect(mail.html).toContain('href="https://cards.example.com/subscription"');
      // User data is escaped in the HTML part.
      expect(mail.html).toContain('Noor &lt;b&gt;');
      expect(mail.text).toContain('Create your card: https://cards.example.com/customize');
      const row = await outboxRow();
      expect(row.status).toBe('sent');
      expect(row.sent_at).not.toBeNull();
      // Its job is done: running again sends nothing twice.
      expect(await jobs.runDue()).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('goes out in the language of the account with the address, read when it is sent', async () => {
    const smtp = await startSmtpServer();
    try {
      const jobs = await mailJobs(createSmtpTransport(smtp.url), async (email) => (email === 'yuki@example.com' ? { locale: 'ja', timeZone: 'Asia/Tokyo' } : anyRecipient));
      await outbox.enqueue(database.handle.db, { to: 'yuki@example.com', template: 'welcome', data: { displayName: 'Yuki' } });
      await outbox.enqueue(database.handle.db, { to: 'someone@example.com', template: 'welcome', data: { displayName: 'Sam' } });
      expect(await jobs.runDue()).toBe(2);
      const bySubject = smtp.received.map((mail) => mail.subject).sort();
      expect(bySubject).toEqual(['Welcome! Create your first digital business card', 'ようこそ！最初のデジタル名刺を作成しましょう']);
      const japanese = smtp.received.find((mail) => mail.subject?.startsWith('ようこそ'))!;
      expect(japanese.text).toContain('Yukiさん、こんにちは。');
      expect(japanese.html).toContain('<html lang="ja" dir="ltr">');
    } finally {
      await smtp.close();
    }
  });

  it('queues no mail when the transaction that caused it rolls back', async () => {
    const jobs = await mailJobs({ kind: 'smtp', send: async () => undefined, close: () => undefined });
    await expect(
      database.handle.db.transaction().execute(async (trx) => {
        await outbox.enqueue(trx, { to: 'never@example.com', template: 'welcome', data: { displayName: 'N' } });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await database.handle.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
    expect(await jobs.runDue()).toBe(0);
  });

  it('keeps a mail when SMTP fails and sends it on a later attempt', async () => {
    const smtp = await startSmtpServer({ failFirst: 1 });
    try {
      const jobs = await mailJobs(createSmtpTransport(smtp.url));
      await outbox.enqueue(database.handle.db, { to: 'retry@example.com', template: 'welcome', data: { displayName: 'R' } });
      expect(await jobs.runDue()).toBe(1);
      const afterFailure = await outboxRow();
      expect(afterFailure).toMatchObject({ status: 'pending', attempts: 1 });
      expect(afterFailure.last_error).toMatch(/temporarily unavailable/);
      expect(new Date(afterFailure.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 20_000);
      const [job] = await jobs.admin.list({ status: 'failed' });
      expect(new Date(job!.runAt).getTime()).toBeGreaterThan(Date.now() + 20_000);

      // Not due yet: nothing happens. Once due (an operator's retry makes it due now), it is delivered.
      expect(await jobs.runDue()).toBe(0);
      expect(await jobs.admin.retry(job!.id)).toBe(true);
      expect(await jobs.runDue()).toBe(1);
      expect(smtp.received.map((mail) => mail.subject)).toEqual(['Welcome! Create your first digital business card']);
      expect(await outboxRow()).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await smtp.close();
    }
  });

  it('gives up after the last attempt and marks the mail failed', async () => {
    const failing: MailTransport = { kind: 'smtp', send: async () => Promise.reject(new Error('connection refused')), close: () => undefined };
    const jobs = await mailJobs(failing);
    await outbox.enqueue(database.handle.db, { to: 'x@example.com', template: 'welcome', data: { displayName: 'X' } });
    for (let attempt = 1; attempt <= maxMailAttempts; attempt += 1) {
      expect(await jobs.runDue()).toBe(1);
      const [job] = await jobs.admin.list();
      if (attempt < maxMailAttempts) {
        expect(job?.status).toBe('failed');
        await jobs.admin.retry(job!.id);
      } else {
        expect(job?.status).toBe('dead');
      }
    }
    expect(await outboxRow()).toMatchObject({ status: 'failed', attempts: maxMailAttempts });
  });

  it('sends a mail once even when two runners work at the same time, however slow the send', async () => {
    const sent: string[] = [];
    const slow: MailTransport = {
      kind: 'smtp',
      send: async (mail) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        sent.push(mail.to);
      },
      close: () => undefined,
    };
    const [first, second] = [await mailJobs(slow), await mailJobs(slow)];
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await outbox.enqueue(database.handle.db, { to, template: 'welcome', data: { displayName: to } });
    }
    await Promise.all([first!.runDue(), second!.runDue()]);
    expect(sent.sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
  });

  it('writes to the local mailbox as .eml files when no SMTP is configured', async () => {
    const mailbox = fs.mkdtempSync(path.join(os.tmpdir(), 'mailbox-'));
    try {
      const jobs = await mailJobs(createLocalMailboxTransport(mailbox));
      await outbox.enqueue(database.handle.db, { to: 'local@example.com', template: 'welcome', data: { displayName: 'L' } });
      expect(await jobs.runDue()).toBe(1);
      const files = fs.readdirSync(mailbox);
      expect(files).toHaveLength(1);
      const parsed = await simpleParser(fs.readFileSync(path.join(mailbox, files[0]!)));
      expect(parsed.subject).toBe('Welcome! Create your first digital business card');
    } finally {
      fs.rmSync(mailbox, { recursive: true, force: true });
    }
  });

  it('keeps two mails to one address sent in the same millisecond as two files', async () => {
    const mailbox = fs.mkdtempSync(path.join(os.tmpdir(), 'mailbox-'));
    try {
      const transport = createLocalMailboxTransport(mailbox);
      const mail = { from: 'app@example.com', to: 'twice@example.com', text: 'hello', html: '<p>hello</p>' };
      await Promise.all([transport.send({ ...mail, subject: 'One' }), transport.send({ ...mail, subject: 'Two' })]);
      const subjects = await Promise.all(fs.readdirSync(mailbox).map(async (file) => (await simpleParser(fs.readFileSync(path.join(mailbox, file)))).subject));
      expect(subjects.sort()).toEqual(['One', 'Two']);
    } finally {
      fs.rmSync(mailbox, { recursive: true, force: true });
    }
  });

  it('clears the address and data of mail sent longer ago than the retention', async () => {
    const jobs = await mailJobs({ kind: 'smtp', send: async () => undefined, close: () => undefined });
    await outbox.enqueue(database.handle.db, { to: 'old@example.com', template: 'welcome', data: { displayName: 'Old' } });
    await outbox.enqueue(database.handle.db, { to: 'pending@example.com', template: 'welcome', data: { displayName: 'P' } });
    const [oldJob] = await jobs.admin.list();
    expect(oldJob).toBeDefined();
    await jobs.runDue();
    await outbox.enqueue(database.handle.db, { to: 'unsent@example.com', template: 'welcome', data: { displayName: 'U' } });
    const in31Days = new Date(Date.now() + 31 * 86_400_000);
    expect(await clearOldSentMail({ db: database.handle.db, retentionDays: 30 }, new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await clearOldSentMail({ db: database.handle.db, retentionDays: 30 }, in31Days)).toBe(2);
    const rows = await database.handle.db.selectFrom('mail_outbox').select(['to', 'data', 'status']).orderBy('created_at').execute();
    expect(rows.filter((row) => row.status === 'sent')).toEqual([
      { to: '', data: '{}', status: 'sent' },
      { to: '', data: '{}', status: 'sent' },
    ]);
    expect(rows.find((row) => row.status === 'pending')).toMatchObject({ to: 'unsent@example.com' });
  });
});
