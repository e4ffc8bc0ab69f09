import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import { defaultCardTheme } from '@cardstack/shared/cards/schemas';
import { applyDowngradeEffects, downgradeEffectsJobKind } from '../src/modules/plans/plans-module';
import { buyPro } from './billing-support';
import { createTestApp, TestClient, type TestApp } from './test-app';
import { fileUpload } from './multipart';
import { member, setPermissions, subscribeToTeams, teamsOwner } from './teams-support';
import { renderDowngradeScheduledMail, type DowngradeScheduledMailData } from '../src/modules/mail/templates/downgrade-scheduled';
import { createMailOutbox } from '../src/modules/mail/outbox';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const theme = { backgroundColor: '#112233', foregroundColor: '#fafafa', labelColor: '#ff0000' };
const widget = { kind: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
const db = () => t.services.database.db;

async function signUp() {
  const client = new TestClient(t.app);
  const { userId, email } = await client.register();
  return { client, userId, email };
}

async function createCard(client: TestClient, body: Record<string, unknown> = {}): Promise<Card> {
  const response = await client.post('/api/cards', { title: 'Work', name: 'Ada Lovelace', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().card;
}

function attach(client: TestClient, cardId: string, name = 'price list.pdf') {
  const upload = fileUpload('%PDF-1.7 price list', name, 'application/pdf');
  return client.request('POST', `/api/cards/${cardId}/files`, upload.body, upload.headers);
}

async function readCard(client: TestClient, cardId: string): Promise<Card> {
  const response = await client.get(`/api/cards/${cardId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().card;
}

/** A card with everything a paid plan adds: colours, a video, a file. */
async function paidCard(client: TestClient, title: string): Promise<Card> {
  const card = await createCard(client, { title, theme, widgets: [widget], links: [{ kind: 'website', url: 'https://example.com' }] });
  const withFile = await attach(client, card.id);
  expect(withFile.statusCode, withFile.body).toBe(200);
  return withFile.json().card;
}

/** Runs the queued jobs (the downgrade effects among them), as the job runner would. */
const runJobs = () => t.services.jobs.runDue();
const filesOf = (cardId: string) => t.services.storage.list(`files/${cardId}/`);
const downgrades = (userId: string) => db().selectFrom('plan_downgrade').selectAll().where('user_id', '=', userId).execute();

function expectPaidFeatureError(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({
    error: { code: 'paid-feature', message: 'This is a Paid feature. Upgrade your account to use this feature.' },
  });
}

describe('paid features on Basic', () => {
  it('refuses design, widget and attachment changes with the paid-feature error', async () => {
    const { client } = await signUp();
    const card = await createCard(client);

    expectPaidFeatureError(await client.patch(`/api/cards/${card.id}`, { theme }));
    expectPaidFeatureError(await client.patch(`/api/cards/${card.id}`, { widgets: [widget] }));
    expectPaidFeatureError(await attach(client, card.id));
    expectPaidFeatureError(await client.post('/api/cards', { title: 'Styled', theme }));
    // Nothing was written.
    expect(await readCard(client, card.id)).toMatchObject({ theme: defaultCardTheme, widgets: [], downloadableFiles: [] });
    expect(await filesOf(card.id)).toEqual([]);

    // The editor sends the whole form: the same default colours and no videos are not a change.
    const save = await client.patch(`/api/cards/${card.id}`, { name: 'Grace', theme: { ...defaultCardTheme }, widgets: [] });
    expect(save.statusCode, save.body).toBe(200);
  });

  it('allows them on Pro', async () => {
    const { client } = await signUp();
    await buyPro(client);
    const card = await paidCard(client, 'Pro card');
    expect(card).toMatchObject({ theme, widgets: [{ kind: 'youtube' }] });
    expect(card.downloadableFiles).toHaveLength(1);
  });

  it('gives a team card the team’s plan in team mode, whatever the member’s own plan', async () => {
    const owner = await teamsOwner(t);
    await setPermissions(owner, { employee: [] });
    const employee = await member(t, owner);
    expect((await employee.client.get('/api/me')).json()).toMatchObject({ plan: 'basic', isTeamMode: true, permissions: [] });
    const card = await createCard(employee.client, { theme, widgets: [widget] });
    expect(card.teamOwnerId).toBe(owner.userId);
    expect((await attach(employee.client, card.id)).statusCode).toBe(200);
  });
});

describe('a downgrade to Basic at the period end', () => {
  async function proWithCards() {
    const user = await signUp();
    await buyPro(user.client);
    const first = await paidCard(user.client, 'First');
    const second = await paidCard(user.client, 'Second');
    return { ...user, first, second };
  }

  it('mails what will happen and when, changes nothing before the end, then does exactly what the dialog listed', async () => {
    const { client, userId, email, first, second } = await proWithCards();
    const cancelled = await client.post('/api/billing/cancel-at-period-end');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const periodEnd = cancelled.json().subscription.currentPeriodEnd as string;

    const [scheduled] = await downgrades(userId);
    expect(scheduled).toMatchObject({ status: 'scheduled', from_plan: 'subscribed', to_plan: 'basic', effective_at: periodEnd });
    const listed = [
      'Only 1 card is kept; the rest are locked.',
      'Your card design is reset to the default.',
      'Widgets and attachments are erased.',
      'Apple Wallet and Google Wallet are locked.',
      'CSV export and Zapier are locked.',
    ];
    expect(JSON.parse(scheduled!.impacts).map((impact: { text: string }) => impact.text)).toEqual(listed);
    const mails = await db().selectFrom('mail_outbox').selectAll().where('to', '=', email).where('template', '=', 'downgrade-scheduled').execute();
    expect(mails).toHaveLength(1);
    const data = JSON.parse(mails[0]!.data) as DowngradeScheduledMailData;
    expect(data).toMatchObject({ fromPlan: 'Pro', toPlan: 'Basic', effectiveAt: periodEnd });
    expect(data.impacts.map((impact) => (typeof impact === 'string' ? impact : impact.text))).toEqual(listed);
    // The mail says the lines in its reader's language when it is sent.
    const german = renderDowngradeScheduledMail(data, { baseUrl: 'http://localhost' }, { locale: 'de', timeZone: 'Europe/Berlin' });
    expect(german.text).toContain('- Nur 1 Karte bleibt aktiv, die übrigen werden gesperrt.');
    expect(german.text).toContain('- CSV-Export und Zapier werden gesperrt.');
    expect(renderDowngradeScheduledMail(data, { baseUrl: 'http://localhost' }).text).toContain(`- ${listed[0]}`);

    await client.post('/api/billing/test-clock', { days: 6 });
    await runJobs();
    expect(await readCard(client, first.id)).toMatchObject({ theme, widgets: [{ kind: 'youtube' }] });
    expect(await filesOf(first.id)).toHaveLength(1);

    await client.post('/api/billing/test-clock', { days: 26 });
    expect((await client.get('/api/me')).json().plan).toBe('basic');
    // The plan dropped: one job for the account is queued with the change, and the runner applies it.
    expect(await downgrades(userId)).toMatchObject([{ status: 'due' }]);
    const queued = await t.services.jobs.admin.list({ status: 'queued' });
    expect(queued.filter((job) => job.kind === downgradeEffectsJobKind)).toHaveLength(1);
    await runJobs();
    for (const card of [first, second]) {
      const after = await readCard(client, card.id);
      expect(after).toMatchObject({ theme: defaultCardTheme, widgets: [], downloadableFiles: [] });
      // Nothing more: the rest of the card is as it was.
      expect(after).toMatchObject({ title: card.title, name: card.name, links: card.links });
      expect(await filesOf(card.id)).toEqual([]);
    }
    // Cards beyond the allowance are locked by the allowance, CSV export by the plan gate.
    const access = (await client.get('/api/billing/card-access')).json();
    expect([...access.activeCardIds, ...access.blockedCardIds].sort()).toEqual([first.id, second.id].sort());
    expect(access.blockedCardIds).toHaveLength(1);
    expect((await client.get('/api/contacts/export/csv')).statusCode).toBe(403);
    expect(await downgrades(userId)).toMatchObject([{ status: 'applied' }]);
  });

  it('survives a crash in the middle: the rest is done on the next run, nothing twice', async () => {
    const { client, userId, first, second } = await proWithCards();
    await client.post('/api/billing/cancel-at-period-end');

    // The storage fails while the job works through the cards (a crash between two steps).
    const storage = t.services.storage;
    const deletePrefix = storage.deletePrefix.bind(storage);
    let calls = 0;
    storage.deletePrefix = async (prefix) => {
      calls += 1;
      if (calls === 2) throw new Error('storage went away');
      return deletePrefix(prefix);
    };
    await client.post('/api/billing/test-clock', { days: 32 });
    expect((await client.get('/api/me')).json().plan).toBe('basic');
    await runJobs();
    // The job failed halfway: one card is done, the other not; the engine keeps it for a retry.
    expect(await downgrades(userId)).toMatchObject([{ status: 'due' }]);
    const halfway = await Promise.all([first, second].map(async (card) => (await filesOf(card.id)).length));
    expect(halfway.sort()).toEqual([0, 1]);
    const failed = (await t.services.jobs.admin.list({ status: 'failed' })).filter((job) => job.kind === downgradeEffectsJobKind);
    expect(failed).toMatchObject([{ lastError: 'storage went away' }]);

    // The next run of the job (a retry, or after a restart) finishes it.
    storage.deletePrefix = deletePrefix;
    const deps = { db: db(), cards: t.services.cards, now: () => new Date(), jobs: t.services.jobs, outbox: createMailOutbox(t.services.jobs) };
    await applyDowngradeEffects(deps, { userId });
    for (const card of [first, second]) {
      expect(await readCard(client, card.id)).toMatchObject({ theme: defaultCardTheme, widgets: [], downloadableFiles: [] });
      expect(await filesOf(card.id)).toEqual([]);
    }
    expect(await downgrades(userId)).toMatchObject([{ status: 'applied' }]);
    // Run again: nothing is due, no card changes.
    const version = (await readCard(client, first.id)).version;
    await applyDowngradeEffects(deps, { userId });
    expect((await readCard(client, first.id)).version).toBe(version);
  });

  it('is cancelled by an upgrade before the end: nothing is lost', async () => {
    const { client, userId, first } = await proWithCards();
    await client.post('/api/billing/cancel-at-period-end');
    await client.post('/api/billing/test-clock', { days: 3 }); // the 7-day trial is the period
    await subscribeToTeams(client);
    expect(await downgrades(userId)).toMatchObject([{ status: 'cancelled' }]);

    await client.post('/api/billing/test-clock', { days: 30 });
    await runJobs();
    expect((await client.get('/api/me')).json().plan).toBe('team');
    expect(await readCard(client, first.id)).toMatchObject({ theme, widgets: [{ kind: 'youtube' }] });
    expect(await filesOf(first.id)).toHaveLength(1);
  });

  it('is cancelled when the same plan is bought again before the end', async () => {
    const { client, userId, first } = await proWithCards();
    await client.post('/api/billing/cancel-at-period-end');
    await buyPro(client);
    expect(await downgrades(userId)).toMatchObject([{ status: 'cancelled' }]);
    await client.post('/api/billing/test-clock', { days: 40 });
    await runJobs();
    expect(await readCard(client, first.id)).toMatchObject({ theme });
  });
});

describe('Teams to Pro', () => {
  it('sets the team cards to Basic and leaves the owner’s own Pro cards alone', async () => {
    const owner = await teamsOwner(t);
    const own = await paidCard(owner.client, 'Owner card');
    const employee = await member(t, owner);
    const teamCard = await createCard(employee.client, { theme, widgets: [widget] });
    expect((await attach(employee.client, teamCard.id)).statusCode).toBe(200);

    await buyPro(owner.client);
    await runJobs();
    expect(await downgrades(owner.userId)).toMatchObject([{ status: 'applied', from_plan: 'team', to_plan: 'subscribed' }]);
    expect(await readCard(employee.client, teamCard.id)).toMatchObject({ theme: defaultCardTheme, widgets: [], downloadableFiles: [] });
    expect(await filesOf(teamCard.id)).toEqual([]);
    expect(await readCard(owner.client, own.id)).toMatchObject({ theme, widgets: [{ kind: 'youtube' }] });
    expect(await filesOf(own.id)).toHaveLength(1);
  });
});

describe('BILLING_PROVIDER=none', () => {
  it('gates nothing: design, widgets and attachments on a new account', async () => {
    const free = await createTestApp({ BILLING_PROVIDER: 'none' });
    try {
      const client = new TestClient(free.app);
      await client.register();
      const card = await createCard(client, { theme, widgets: [widget] });
      const withFile = await attach(client, card.id);
      expect(withFile.statusCode, withFile.body).toBe(200);
      expect(withFile.json().card).toMatchObject({ theme, widgets: [{ kind: 'youtube' }] });
    } finally {
      await free.close();
    }
  });

  it('takes nothing away when a downgrade from billing days runs on a server that stopped selling', async () => {
    const { client, userId } = await signUp();
    await buyPro(client);
    const card = await paidCard(client, 'Pro card');
    await client.post('/api/billing/cancel-at-period-end');
    await client.post('/api/billing/test-clock', { days: 40 });
    expect(await downgrades(userId)).toMatchObject([{ status: 'due' }]);

    const deps = { db: db(), cards: t.services.cards, now: () => new Date(), jobs: t.services.jobs, outbox: createMailOutbox(t.services.jobs), isEveryFeatureIncluded: true };
    await applyDowngradeEffects(deps, { userId });
    expect(await downgrades(userId)).toMatchObject([{ status: 'cancelled' }]);
    expect(await readCard(client, card.id)).toMatchObject({ theme, widgets: [{ kind: 'youtube' }] });
    expect(await filesOf(card.id)).toHaveLength(1);
  });
});
