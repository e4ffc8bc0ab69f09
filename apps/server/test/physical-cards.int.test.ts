import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import { physicalCardTexts } from '@cardstack/shared/physical-cards/schemas';
import sharp from 'sharp';
import { createPreorderBatch } from '../src/modules/physical-cards/physical-cards-module';
import { buyPro } from './billing-support';
import { fileUpload } from './multipart';
import { createTestApp, TestClient, type TestApp } from './test-app';
import { member, teamsOwner } from './teams-support';

/*
 * Physical NFC cards: a pre-order's address offers activation, activation makes the caller's default card with
 * the pre-order's id and product (exactly once, within the plan's card allowance), and afterwards the owner (or
 * the team's manager) moves or switches off the physical card while the address on the chip stays the same.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function newPreorder(): Promise<string> {
  const { ids } = await createPreorderBatch(t.services.database.db, { productId: 'nfc-black', productName: 'Black NFC card', count: 1 }, null);
  return ids[0]!;
}

async function signedIn(ip?: string) {
  const client = new TestClient(t.app, ip);
  const account = await client.register({ name: 'Ada Lovelace' });
  return { client, ...account };
}

const activate = (client: TestClient, id: string) => client.post(`/api/physical-cards/preorders/${id}/activate`);

describe('a pre-order before activation', () => {
  it('its address offers "Activate this card"; its sub-resources do not exist; unknown ids are 404', async () => {
    const id = await newPreorder();
    const page = await t.app.inject({ method: 'GET', url: `/id/${id}/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(physicalCardTexts.notActivatedTitle);
    expect(page.body).toContain(`href="/activate/${id}"`);
    expect(page.body).toContain(physicalCardTexts.activate);
    expect((await t.app.inject({ method: 'GET', url: `/id/${id}/contact.vcf` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/id/${'x'.repeat(24)}/` })).statusCode).toBe(404);

    const status = await new TestClient(t.app).get(`/api/physical-cards/preorders/${id}`);
    expect(status.json()).toEqual({ preorder: { id, productName: 'Black NFC card', status: 'available' } });
    expect((await new TestClient(t.app).get(`/api/physical-cards/preorders/${'A'.repeat(24)}`)).statusCode).toBe(404);
  });

  it('a username chosen to match a pre-order id cannot take its address over', async () => {
    const id = await newPreorder();
    const squatter = await signedIn();
    const card = (await squatter.client.post('/api/cards', { title: 'Mine' })).json().card as Card;
    expect((await squatter.client.request('PUT', `/api/cards/${card.id}/username`, { username: id })).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/id/${id}/` });
    expect(page.body).toContain(physicalCardTexts.notActivatedTitle);

    // Activation still works; the card keeps the chip's id and gets another username.
    const owner = await signedIn();
    const activated = await activate(owner.client, id);
    expect(activated.statusCode, activated.body).toBe(200);
    const created = (await owner.client.get(`/api/cards/${id}`)).json().card as Card;
    expect(created.id).toBe(id);
    expect(created.username).not.toBe(id);
  });
});

describe('activation', () => {
  it('creates the default card with the pre-order id and product, marks the pre-order, and taps open the card', async () => {
    const id = await newPreorder();
    const { client, userId } = await signedIn();
    const first = (await client.post('/api/cards', { title: 'Existing' })).json().card as Card;
    expect(first.isDefault).toBe(true);
    // Basic allows one card: this account upgrades through the operator so activation has room.
    await t.services.database.db.updateTable('user').set({ createdAt: '2024-01-01T00:00:00.000Z' }).where('id', '=', userId).execute();

    const response = await activate(client, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ cardId: id, message: 'Card activated successfully' });

    const card = (await client.get(`/api/cards/${id}`)).json().card as Card;
    expect(card).toMatchObject({ id, username: id, ownerId: userId, productId: 'nfc-black', productName: 'Black NFC card', isDefault: true });
    expect(((await client.get(`/api/cards/${first.id}`)).json().card as Card).isDefault).toBe(false);
    const row = await t.services.database.db.selectFrom('preorder').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ activated: 1, owner_id: userId, card_id: id });

    const page = await t.app.inject({ method: 'GET', url: `/id/${id}/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(physicalCardTexts.notActivatedTitle);
    expect(page.body).toContain('Ada Lovelace');

    // The same person again lands on the same card; anyone else is told it is taken.
    expect((await activate(client, id)).json()).toEqual({ cardId: id, message: 'Card activated successfully' });
    const other = await signedIn();
    const refused = await activate(other.client, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(physicalCardTexts.alreadyActivated);
    expect((await other.client.get('/api/cards')).json().cards).toEqual([]);
  });

  it('onto a card the person already has: no new card, the physical card opens that one', async () => {
    const id = await newPreorder();
    const { client } = await signedIn();
    const mine = (await client.post('/api/cards', { title: 'Mine', name: 'Existing Persona' })).json().card as Card;
    const stranger = await signedIn();
    const theirs = (await stranger.client.post('/api/cards', { title: 'Theirs' })).json().card as Card;
    expect((await client.post(`/api/physical-cards/preorders/${id}/activate`, { cardId: theirs.id })).statusCode).toBe(404);

    const linked = await client.post(`/api/physical-cards/preorders/${id}/activate`, { cardId: mine.id });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toEqual({ cardId: mine.id, message: 'Card successfully activated!' });
    expect((await client.get('/api/cards')).json().cards).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: `/id/${id}/` })).body).toContain('Existing Persona');
    expect((await stranger.client.post(`/api/physical-cards/preorders/${id}/activate`, { cardId: theirs.id })).statusCode).toBe(409);
  });

  it('needs a signed-in caller', async () => {
    const id = await newPreorder();
    expect((await activate(new TestClient(t.app), id)).statusCode).toBe(401);
  });

  it('two people activating at once: exactly one card, one clear refusal', async () => {
    const id = await newPreorder();
    const people = await Promise.all([signedIn('198.51.100.1'), signedIn('198.51.100.2'), signedIn('198.51.100.3')]);
    const results = await Promise.all(people.map((person) => activate(person.client, id)));
    const statuses = results.map((result) => result.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const cards = await t.services.database.db.selectFrom('card').select(['id', 'owner_id']).where('id', '=', id).execute();
    expect(cards).toHaveLength(1);
    const winner = people[results.findIndex((result) => result.statusCode === 200)]!;
    expect(cards[0]!.owner_id).toBe(winner.userId);
    for (const result of results.filter((r) => r.statusCode === 409)) expect(result.json().error.message).toBe(physicalCardTexts.alreadyActivated);
  });

  it('refuses beyond the plan card limit and writes nothing', async () => {
    const id = await newPreorder();
    const { client } = await signedIn();
    expect((await client.post('/api/cards', { title: 'The one Basic card' })).statusCode).toBe(201);
    const refused = await activate(client, id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('card-limit');
    expect(await t.services.database.db.selectFrom('card').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    const row = await t.services.database.db.selectFrom('preorder').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ activated: 0, owner_id: null, card_id: null });
    expect((await t.app.inject({ method: 'GET', url: `/id/${id}/` })).body).toContain(physicalCardTexts.notActivatedTitle);
  });

  it('is rate-limited per account', async () => {
    const { client } = await signedIn();
    const unknown = 'B'.repeat(24);
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await activate(client, unknown)).statusCode).toBe(404);
    const limited = await activate(client, unknown);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(physicalCardTexts.tooManyAttempts);
  });
});

describe('after activation', () => {
  async function activated() {
    const id = await newPreorder();
    const owner = await signedIn();
    await t.services.database.db.updateTable('user').set({ createdAt: '2024-01-01T00:00:00.000Z' }).where('id', '=', owner.userId).execute();
    expect((await activate(owner.client, id)).statusCode).toBe(200);
    return { id, owner };
  }

  it('moves to another card of the owner: the same address opens the other card', async () => {
    const { id, owner } = await activated();
    const other = (await owner.client.post('/api/cards', { title: 'Other', name: 'Second Persona' })).json().card as Card;
    const moved = await owner.client.post(`/api/physical-cards/${id}/assign`, { cardId: other.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().physicalCard).toMatchObject({ id, cardId: other.id, url: `http://localhost:3000/id/${id}/` });
    const page = await t.app.inject({ method: 'GET', url: `/id/${id}/` });
    expect(page.body).toContain('Second Persona');
    expect((await owner.client.get('/api/physical-cards')).json().physicalCards).toHaveLength(1);
  });

  it('refuses a move to a stranger card, and strangers cannot move or switch it', async () => {
    const { id, owner } = await activated();
    const stranger = await signedIn();
    const theirs = (await stranger.client.post('/api/cards', { title: 'Theirs' })).json().card as Card;
    expect((await owner.client.post(`/api/physical-cards/${id}/assign`, { cardId: theirs.id })).statusCode).toBe(404);
    expect((await stranger.client.post(`/api/physical-cards/${id}/assign`, { cardId: theirs.id })).statusCode).toBe(404);
    expect((await stranger.client.post(`/api/physical-cards/${id}/state`, { isDeactivated: true })).statusCode).toBe(404);
    expect((await stranger.client.get('/api/physical-cards')).json().physicalCards).toEqual([]);
  });

  it('switched off, taps show a neutral page; switched on, the card again', async () => {
    const { id, owner } = await activated();
    expect((await owner.client.post(`/api/physical-cards/${id}/state`, { isDeactivated: true })).statusCode).toBe(200);
    const off = await t.app.inject({ method: 'GET', url: `/id/${id}/` });
    expect(off.statusCode).toBe(404);
    expect(off.body).toContain(physicalCardTexts.deactivatedTitle);
    expect(off.body).not.toContain('Ada Lovelace');
    expect((await owner.client.post(`/api/physical-cards/${id}/state`, { isDeactivated: false })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/id/${id}/` })).body).toContain('Ada Lovelace');
  });

  it('after a move, the card first made from it keeps its files from visitors once the plan blocks that card', async () => {
    const { id, owner } = await activated();
    await buyPro(owner.client);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const image = fileUpload(png, 'me.png', 'image/png');
    const withImage = await owner.client.request('POST', `/api/cards/${id}/images/profile`, image.body, image.headers);
    expect(withImage.statusCode, withImage.body).toBe(200);
    const imageUrl = withImage.json().card.profilePicture.url as string;
    const visit = () => t.app.inject({ method: 'GET', url: imageUrl, remoteAddress: '203.0.113.9' });
    expect((await visit()).statusCode).toBe(200);

    const other = (await owner.client.post('/api/cards', { title: 'Other', name: 'Second Persona' })).json().card as Card;
    expect((await owner.client.post(`/api/cards/${other.id}/default`)).statusCode).toBe(200);
    expect((await owner.client.post(`/api/physical-cards/${id}/assign`, { cardId: other.id })).statusCode).toBe(200);
    // Back to Basic at the end of the trial: the default stays active and the card made from the pre-order is blocked.
    await owner.client.post('/api/billing/cancel-at-period-end');
    expect((await owner.client.post('/api/billing/test-clock', { days: 8 })).statusCode).toBe(200);
    expect((await owner.client.get('/api/billing/card-access')).json()).toMatchObject({ blockedCardIds: [id] });
    t.services.publicCard.onCardChanged({ cardId: id, ownerId: owner.userId, kind: 'saved' });

    expect((await visit()).statusCode).toBe(404);
    expect((await owner.client.get(imageUrl)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/id/${id}/` })).body).toContain('Second Persona');
  });
});

describe('team reassignment', () => {
  it('a team manager hands a leaver\'s physical card to the successor\'s team card; outsiders cannot', async () => {
    const owner = await teamsOwner(t, 'Olivia Owner', 10);
    const leaver = await member(t, owner, 'employee', 'Leo Leaver');
    const successor = await member(t, owner, 'employee', 'Sue Successor');
    const id = await newPreorder();
    // The leaver activates the card: as a team member, the card is the team's.
    const activated = await activate(leaver.client, id);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(((await leaver.client.get(`/api/cards/${id}`)).json().card as Card).teamOwnerId).toBe(owner.userId);
    const successorCard = await owner.client.post('/api/teams/cards', { memberId: successor.memberId, title: 'Sue', name: 'Sue Successor' });
    expect(successorCard.statusCode, successorCard.body).toBe(201);
    const targetId = (successorCard.json().card as Card).id;

    // The team's manager sees it among the team's physical cards; an employee without card management does not.
    expect((await owner.client.get('/api/physical-cards?scope=team')).json().physicalCards.map((card: { id: string }) => card.id)).toEqual([id]);
    expect((await successor.client.get('/api/physical-cards?scope=team')).json().physicalCards).toEqual([]);
    // The successor cannot take it; the owner (a manager) hands it over.
    expect((await successor.client.post(`/api/physical-cards/${id}/assign`, { cardId: targetId })).statusCode).toBe(404);
    const moved = await owner.client.post(`/api/physical-cards/${id}/assign`, { cardId: targetId });
    expect(moved.statusCode, moved.body).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/id/${id}/` });
    expect(page.body).toContain('Sue Successor');
    // The successor now holds it: it is in their list and they may switch it off.
    expect((await successor.client.get('/api/physical-cards')).json().physicalCards.map((card: { id: string }) => card.id)).toEqual([id]);
    expect((await successor.client.post(`/api/physical-cards/${id}/state`, { isDeactivated: true })).statusCode).toBe(200);
    expect((await leaver.client.get('/api/physical-cards')).json().physicalCards).toEqual([]);
  });
});
