import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import type { ContactListResponse } from '@cardstack/shared/contacts/schemas';
import { BrowserClient, eventually, mailboxFiles, startServerGroup, type ServerGroup, type ServerProcess } from './server-processes';

/*
 * Two real server processes on one PostgreSQL database and one DATA_DIR, requests alternating between them as a
 * load balancer would send them. Runs in the PostgreSQL project only (several processes need PostgreSQL; a
 * SQLite file belongs to one process), so it is skipped without TEST_DATABASE_URL.
 */

const versionCheckMs = 500;
const leadLimit = 3;
const signInLimit = 4;
/** Slack over a documented delay for a busy CI machine (two servers and the tests share two CPUs). */
const schedulingSlackMs = 1_500;

describe.skipIf(process.env.TEST_DB !== 'postgres')('two server processes on one database and one DATA_DIR', () => {
  let group: ServerGroup;
  let a: ServerProcess;
  let b: ServerProcess;
  let owner: BrowserClient;
  const email = `owner-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  let card: Card;

  beforeAll(async () => {
    group = await startServerGroup(2, {
      PUBLIC_PAGE_VERSION_CHECK_MS: String(versionCheckMs),
      LEAD_FORM_RATE_LIMIT_MAX: String(leadLimit),
      SIGN_IN_RATE_LIMIT_MAX: String(signInLimit),
    });
    [a, b] = group.servers as [ServerProcess, ServerProcess];
    owner = new BrowserClient(group.baseUrl);
  }, 120_000);
  afterAll(async () => {
    await group?.stop();
  }, 60_000);

  /** The mails in the shared mailbox to one address (the file name ends with it). */
  const mailsTo = (address: string) => mailboxFiles(group.dataDir).filter((file) => file.endsWith(`-${address.replace(/[^a-z0-9@.-]/gi, '_')}.eml`));

  it('signs up on one process, confirms on the other, and the verification mail is sent once', async () => {
    const signUp = await owner.request(a, 'POST', '/api/auth/sign-up/email', { name: 'Ada Owner', email, password });
    expect(signUp.status, signUp.text).toBe(200);
    // The mail job runs on whichever process takes it; the link it carries works on the other.
    const { value: row } = await eventually(async () => {
      const result = await group.db.query<{ data: string; status: string }>(
        `select data, status from mail_outbox where "to" = $1 and template = 'verify-email'`,
        [email],
      );
      return result.rows[0]?.status === 'sent' ? result.rows[0] : undefined;
    }, 20_000);
    const opened = await owner.request(b, 'GET', (JSON.parse(row.data) as { linkPath: string }).linkPath);
    expect(opened.status, opened.text).toBe(302);
    const me = await owner.request(a, 'GET', '/api/me');
    expect(me.status, me.text).toBe(200);
    expect(me.json<{ email: string }>().email).toBe(email);
    // Confirming queues the welcome mail: two mails, each written to the shared mailbox once.
    await eventually(async () => (mailsTo(email).length >= 2 ? true : undefined), 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('serves a card edited through one process fresh from the other within PUBLIC_PAGE_VERSION_CHECK_MS', async () => {
    const created = await owner.request(a, 'POST', '/api/cards', {
      title: 'Work card',
      name: 'Ada Lovelace',
      leadForm: { isEnabled: true, thankYouMessage: '' },
    });
    expect(created.status, created.text).toBe(201);
    card = created.json<{ card: Card }>().card;
    const visitor = new BrowserClient(group.baseUrl);
    const first = await visitor.request(b, 'GET', `/id/${card.id}/`);
    expect(first.status).toBe(200);
    expect(first.text).toContain('Ada Lovelace');

    const edited = await owner.request(a, 'PATCH', `/api/cards/${card.id}`, { name: 'Ada King' });
    expect(edited.status, edited.text).toBe(200);
    const { waitedMs } = await eventually(async () => {
      const page = await visitor.request(b, 'GET', `/id/${card.id}/`);
      return page.text.includes('Ada King') ? true : undefined;
    }, versionCheckMs + schedulingSlackMs);
    expect(waitedMs).toBeLessThanOrEqual(versionCheckMs + schedulingSlackMs);
    // And the process that saved it serves it at once.
    expect((await visitor.request(a, 'GET', `/id/${card.id}/`)).text).toContain('Ada King');
  });

  it('shows a lead sent to one process on the other, and mails the owner once', async () => {
    const visitor = new BrowserClient(group.baseUrl, { accept: 'text/html' });
    const sent = await visitor.request(
      b,
      'POST',
      `/id/${card.id}/lead`,
      new URLSearchParams({ name: 'Vera Visitor', email: 'vera@example.com', consent: 'yes', website: '' }),
    );
    expect(sent.status, `${sent.text}\n${b.output()}`).toBe(303);
    const contacts = await owner.request(a, 'GET', '/api/contacts');
    expect(contacts.status, contacts.text).toBe(200);
    expect(contacts.json<ContactListResponse>().contacts.map((contact) => contact.name)).toEqual(['Vera Visitor']);
    await eventually(async () => (mailsTo(email).length >= 3 ? true : undefined), 20_000);
    // Both processes poll for jobs; a second copy would arrive within a few polls.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mailsTo(email)).toHaveLength(3);
  });

  it('ran every mail and every background job exactly once', async () => {
    const mails = await group.db.query<{ template: string; status: string; attempts: number }>(
      'select template, status, attempts from mail_outbox order by created_at',
    );
    expect(mails.rows.map((row) => row.template).sort()).toEqual(['new-lead', 'verify-email', 'welcome']);
    expect(mails.rows.filter((row) => row.status !== 'sent' || row.attempts !== 1)).toEqual([]);
    // pg-boss keeps each job's record (a finished one for days): none was retried or failed.
    const jobs = await group.db.query<{ name: string; state: string; retry_count: number }>('select name, state, retry_count from pgboss.job');
    const finished = jobs.rows.filter((job) => job.state !== 'created');
    expect(finished.length).toBeGreaterThan(0);
    expect(finished.filter((job) => job.state !== 'completed' || job.retry_count !== 0)).toEqual([]);
  });

  it('counts those jobs with the jobs CLI, a process of its own that exits when done', () => {
    const cli = path.join(import.meta.dirname, '../src/jobs-cli.ts');
    const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: group.dataDir, DATABASE_URL: group.databaseUrl, AUTH_SECRET: 'unused-by-the-jobs-cli-0123456789abcdef', LOG_LEVEL: 'silent' };
    const result = spawnSync(process.execPath, ['--import', 'tsx', cli, 'counts'], { env, encoding: 'utf8', timeout: 30_000 });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^queued +\d+\nrunning +\d+\nfailed +0\ndead +0\ndone +[1-9]\d*\n$/);
  });

  it('holds the lead-form limit across both processes', async () => {
    const visitor = new BrowserClient(group.baseUrl, { accept: 'application/json' });
    const statuses: number[] = [];
    // One lead was accepted above; the rest of the budget is spread over both processes, then both refuse.
    for (const server of [a, b, a, b]) {
      const response = await visitor.request(
        server,
        'POST',
        `/id/${card.id}/lead`,
        new URLSearchParams({ name: 'Spammy Visitor', email: 'spam@example.com', consent: 'yes', website: '' }),
      );
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([201, 201, 429, 429]);
  });

  it('holds the sign-in limit across both processes', async () => {
    const guesser = new BrowserClient(group.baseUrl);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < signInLimit + 2; attempt += 1) {
      const server = attempt % 2 === 0 ? a : b;
      statuses.push((await guesser.request(server, 'POST', '/api/auth/sign-in/email', { email, password: `wrong ${attempt}` })).status);
    }
    expect(statuses).toEqual([...Array<number>(signInLimit).fill(401), 429, 429]);
  });
});
