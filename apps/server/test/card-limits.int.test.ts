import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CardAccessResponse } from '@cardstack/shared/billing/schemas';
import type { Card, CardListItem } from '@cardstack/shared/cards/schemas';
import { fileUpload } from './multipart';
import { createTestApp, TestClient, type TestApp } from './test-app';

/*
 * Card limits and blocking at the cards API: creating and duplicating refuse what the plan does not
 * allow, and the list marks the cards beyond the allowance. The rules themselves are table-tested in
 * packages/shared/src/plans/card-limits.test.ts; here they meet real accounts, checkouts and the billing clock.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const basicLimit = 'Your Basic plan includes 1 card. Upgrade your plan to create more cards.';
const proLimit = 'Your Pro plan includes 2 cards. Upgrade your plan to create more cards.';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signedIn(createdAt?: string) {
  const client = new TestClient(t.app);
  const { userId } = await client.register();
  if (createdAt) await t.services.database.db.updateTable('user').set({ createdAt }).where('id', '=', userId).execute();
  return { client, userId };
}

async function createCard(client: TestClient, title: string): Promise<Card> {
  const response = await client.post('/api/cards', { title });
  expect(response.statusCode, response.body).toBe(201);
  // Creation times are compared to the millisecond: keep them apart so "newest" is never a tie.
  await pause(3);
  return response.json().card;
}

async function listCards(client: TestClient): Promise<CardListItem[]> {
  const response = await client.get('/api/cards');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().cards;
}

async function blockedTitles(client: TestClient): Promise<string[]> {
  return (await listCards(client)).filter((card) => card.isBlocked).map((card) => card.title);
}

async function cardAccess(client: TestClient): Promise<CardAccessResponse> {
  const response = await client.get('/api/billing/card-access');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Buys a plan through the built-in test checkout, as billing.int.test.ts does. */
async function checkout(client: TestClient, body: Record<string, unknown>) {
  const started = await client.post('/api/billing/checkout', body);
  expect(started.statusCode, started.body).toBe(200);
  const complete = await client.request('POST', `${new URL(started.json().url).pathname}/complete`);
  expect(complete.statusCode, complete.body).toBe(303);
}

function expectCardLimit(response: { statusCode: number; json(): unknown }, message: string) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ error: { code: 'card-limit', message } });
}

async function cardCount(userId: string): Promise<number> {
  return (await t.services.database.db.selectFrom('card').select('id').where('owner_id', '=', userId).execute()).length;
}

describe('card limits on creating and duplicating', () => {
  it('a new Basic account makes one card; a second one and a duplicate are refused with the allowance', async () => {
    const { client, userId } = await signedIn();
    const first = await createCard(client, 'First');
    expect(first.isDefault).toBe(true);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
    const { body, headers } = fileUpload(png, 'me.png');
    expect((await client.request('POST', `/api/cards/${first.id}/images/profile`, body, headers)).statusCode).toBe(200);
    await t.services.jobs.runDue();
    const keysBefore = (await t.services.storage.list('images/')).sort();

    expectCardLimit(await client.post('/api/cards', { title: 'Second' }), basicLimit);
    expectCardLimit(await client.post(`/api/cards/${first.id}/duplicate`), basicLimit);

    expect(await cardCount(userId)).toBe(1);
    // The refused duplicate copied nothing.
    expect((await t.services.storage.list('images/')).sort()).toEqual(keysBefore);
    expect(await listCards(client)).toEqual([expect.objectContaining({ id: first.id, isBlocked: false })]);
    expect(await cardAccess(client)).toMatchObject({ maxActiveCards: 1, canCreateCard: false, blockedCardIds: [] });

    // Deleting the card makes room again.
    expect((await client.delete(`/api/cards/${first.id}`)).statusCode).toBe(200);
    await createCard(client, 'Again');
  });

  it('two requests at once for the last place: one card is made, the other request is refused', async () => {
    const { client, userId } = await signedIn();
    const responses = await Promise.all([client.post('/api/cards', { title: 'A' }), client.post('/api/cards', { title: 'B' })]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 403]);
    expect(await cardCount(userId)).toBe(1);

    await checkout(client, { plan: 'subscribed', period: 'month' });
    const [card] = await listCards(client);
    const copies = await Promise.all([
      client.post(`/api/cards/${card!.id}/duplicate`),
      client.post(`/api/cards/${card!.id}/duplicate`),
    ]);
    expect(copies.map((response) => response.statusCode).sort()).toEqual([201, 403]);
    expect(await cardCount(userId)).toBe(2);
  });

  it('after upgrading to Pro through the test checkout, a second card can be made, and a third is refused', async () => {
    const { client } = await signedIn();
    const first = await createCard(client, 'First');
    expectCardLimit(await client.post('/api/cards', { title: 'Second' }), basicLimit);

    await checkout(client, { plan: 'subscribed', period: 'month' });
    expect(await cardAccess(client)).toMatchObject({ maxActiveCards: 2, canCreateCard: true });
    const copy = await client.post(`/api/cards/${first.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);

    expectCardLimit(await client.post('/api/cards', { title: 'Third' }), proLimit);
    expectCardLimit(await client.post(`/api/cards/${first.id}/duplicate`), proLimit);
    expect(await blockedTitles(client)).toEqual([]);
  });

  it('another user’s card answers 404 before any limit is looked at', async () => {
    const owner = await signedIn();
    const card = await createCard(owner.client, 'Mine');
    const stranger = await signedIn();
    await createCard(stranger.client, 'Theirs');
    const response = await stranger.client.post(`/api/cards/${card.id}/duplicate`);
    expect(response.statusCode).toBe(404);
  });
});

describe('blocked cards after a downgrade', () => {
  it('Pro → Basic: at the period end the cards beyond one are blocked, the default kept; upgrading unblocks them', async () => {
    const { client } = await signedIn();
    await checkout(client, { plan: 'subscribed', period: 'month' });
    const older = await createCard(client, 'Older');
    const newer = await createCard(client, 'Newer');
    // The default stays active whatever its age: make the newer card the default.
    expect((await client.post(`/api/cards/${newer.id}/default`)).statusCode).toBe(200);

    expect((await client.post('/api/billing/cancel-at-period-end')).statusCode).toBe(200);
    // Still in the paid period (a 7-day trial): nothing is blocked yet.
    expect((await client.post('/api/billing/test-clock', { days: 6 })).statusCode).toBe(200);
    expect(await blockedTitles(client)).toEqual([]);
    expectCardLimit(await client.post('/api/cards', { title: 'Third' }), proLimit);

    expect((await client.post('/api/billing/test-clock', { days: 2 })).statusCode).toBe(200);
    expect(await cardAccess(client)).toMatchObject({ maxActiveCards: 1, activeCardIds: [newer.id], blockedCardIds: [older.id] });
    const listed = await listCards(client);
    expect(listed.map((card) => [card.title, card.isDefault, card.isBlocked])).toEqual([
      ['Newer', true, false],
      ['Older', false, true],
    ]);
    expectCardLimit(await client.post('/api/cards', { title: 'Third' }), basicLimit);
    expectCardLimit(await client.post(`/api/cards/${newer.id}/duplicate`), basicLimit);

    // "Blocking is computed, not stored": buying Pro again unblocks at once.
    await checkout(client, { plan: 'subscribed', period: 'month' });
    expect(await blockedTitles(client)).toEqual([]);
  });

  it('keeps the default first, then the newest: Teams → Pro keeps two of three, Basic one', async () => {
    const { client } = await signedIn();
    await checkout(client, { plan: 'team', period: 'month', size: 10 });
    await createCard(client, 'Oldest (default)');
    await createCard(client, 'Middle');
    await createCard(client, 'Newest');
    expect(await blockedTitles(client)).toEqual([]);

    // A new Pro checkout replaces the Teams subscription at once.
    await checkout(client, { plan: 'subscribed', period: 'month' });
    expect(await blockedTitles(client)).toEqual(['Middle']);
    expectCardLimit(await client.post('/api/cards', { title: 'Fourth' }), proLimit);

    await client.post('/api/billing/cancel-at-period-end');
    // No second trial: the Pro period is a month.
    await client.post('/api/billing/test-clock', { days: 32 });
    // Newest first, as the list is ordered.
    expect(await blockedTitles(client)).toEqual(['Newest', 'Middle']);
    expect((await listCards(client)).find((card) => !card.isBlocked)?.title).toBe('Oldest (default)');
  });
});

describe('accounts from before the newer pricing model', () => {
  it('an account from 2024-09-10 keeps up to 10 cards on Basic', async () => {
    const { client } = await signedIn('2024-09-10T23:59:59.000Z');
    expect(await cardAccess(client)).toMatchObject({ maxActiveCards: 10, isAccountBlocked: false });
    const first = await createCard(client, 'Card 1');
    for (let index = 2; index <= 10; index += 1) {
      const response = await client.post('/api/cards', { title: `Card ${index}` });
      expect(response.statusCode, response.body).toBe(201);
    }
    const limit = 'Your Basic plan includes 10 cards. Upgrade your plan to create more cards.';
    expectCardLimit(await client.post('/api/cards', { title: 'Card 11' }), limit);
    expectCardLimit(await client.post(`/api/cards/${first.id}/duplicate`), limit);
    expect(await blockedTitles(client)).toEqual([]);
  });

  it('an account from before 2024-05-14 has no card limit on Basic', async () => {
    const { client } = await signedIn('2024-05-13T12:00:00.000Z');
    for (let index = 1; index <= 11; index += 1) {
      const response = await client.post('/api/cards', { title: `Card ${index}` });
      expect(response.statusCode, response.body).toBe(201);
    }
    expect(await cardAccess(client)).toMatchObject({ maxActiveCards: null, canCreateCard: true, blockedCardIds: [] });
    expect(await blockedTitles(client)).toEqual([]);
  });

  it('an account from 2024-09-11 on is the newer model: one card', async () => {
    const { client } = await signedIn('2024-09-11T00:00:00.000Z');
    await createCard(client, 'Only');
    expectCardLimit(await client.post('/api/cards', { title: 'Second' }), basicLimit);
  });
});
