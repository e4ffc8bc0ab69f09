import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webhookDeliveryJob } from '../src/modules/integrations/integrations-module';
import { passChangedJob } from '../src/modules/wallet/wallet-job-kinds';
import { startReceiver } from './integrations-support';
import { member, teamsOwner, type Person } from './teams-support';
import { createTestApp, type TestApp } from './test-app';

/*
 * A team card changing hands (a member removed, a member's or the team owner's account deleted) is a save like
 * any other: the new holder's `card.updated` webhook fires and the card's wallet passes are updated.
 */

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
  receiver = await startReceiver();
});
afterEach(async () => {
  await receiver?.close();
  await t?.close();
});

async function subscribeToCardUpdates(person: Person): Promise<void> {
  const subscribed = await person.client.post('/api/integrations/webhooks', { target_url: receiver.url, event: 'card.updated' });
  expect(subscribed.statusCode, subscribed.body).toBe(201);
}

/** The card ids of the `card.updated` events delivered since the last call. */
async function deliveredCardUpdates(): Promise<string[]> {
  await t.services.jobs.runDue({ kinds: [webhookDeliveryJob] });
  const events = receiver.received.map((got) => JSON.parse(got.body) as { type: string; data: { id: string } });
  receiver.received.length = 0;
  return events.filter((event) => event.type === 'card.updated').map((event) => event.data.id);
}

async function queuedPassUpdates(): Promise<number> {
  return (await t.services.jobs.admin.list({ limit: 1000 })).filter((job) => job.kind === passChangedJob && job.status === 'queued').length;
}

async function teamCardOf(owner: Person, memberId: string): Promise<string> {
  const created = await owner.client.post('/api/teams/cards', { memberId, name: 'Mia Member' });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().card.id as string;
}

describe('team card hand-over', () => {
  it('removing a member hands their team card to the owner as a save: card.updated to the owner, the passes updated', async () => {
    const owner = await teamsOwner(t);
    const employee = await member(t, owner);
    const cardId = await teamCardOf(owner, employee.memberId);
    await subscribeToCardUpdates(owner);
    await deliveredCardUpdates();
    const passUpdatesBefore = await queuedPassUpdates();

    const removed = await owner.client.delete(`/api/teams/members/${employee.memberId}`);
    expect(removed.json()).toEqual({ ok: true, cardsKept: 1 });

    expect(await deliveredCardUpdates()).toEqual([cardId]);
    expect(await queuedPassUpdates()).toBe(passUpdatesBefore + 1);
  });

  it('a member deleting their account hands the team card over the same way', async () => {
    const owner = await teamsOwner(t);
    const leaving = await member(t, owner);
    const cardId = await teamCardOf(owner, leaving.memberId);
    await subscribeToCardUpdates(owner);
    await deliveredCardUpdates();

    expect((await leaving.client.post('/api/account/delete', { password: leaving.password })).statusCode).toBe(200);
    expect(await deliveredCardUpdates()).toEqual([cardId]);
  });

  it('a team owner deleting their account makes the members’ team cards personal, and the members hear of it', async () => {
    const owner = await teamsOwner(t);
    const staying = await member(t, owner);
    const cardId = await teamCardOf(owner, staying.memberId);
    await subscribeToCardUpdates(staying);
    await deliveredCardUpdates();

    expect((await owner.client.post('/api/account/delete', { password: owner.password })).statusCode).toBe(200);
    expect(await deliveredCardUpdates()).toEqual([cardId]);
    expect((await staying.client.get(`/api/cards/${cardId}`)).json().card).toMatchObject({ ownerId: staying.userId, teamOwnerId: null });
  });
});
