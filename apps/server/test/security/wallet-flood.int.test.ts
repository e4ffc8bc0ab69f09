import { afterEach, describe, expect, it } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import type { WalletResponse } from '@cardstack/shared/wallet/schemas';
import { tooManyRequestsMessage } from '../../src/modules/rate-limit/rate-limit-module';
import { createTestApp, type TestApp, type TestClient } from '../test-app';
import { developmentCredentials, proOwnerWithCard, pushTokenOf, registerDevice, startApnsServer } from '../wallet-support';

/*
 * The wallet device flood: anyone can download a card's public pass and read its authentication token, then
 * register fake devices for it, each of which a card save would wake through APNs. Registrations are limited
 * per client address and per pass and capped per pass (WALLET_DEVICES_PER_PASS); push tokens must look like
 * APNs device tokens; pass downloads, Google save links and the device log are limited per address; and a save
 * queues one job whatever the number of devices, which queues their pushes 100 devices per job.
 */

let t: TestApp | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const close of closers.splice(0)) await close();
});

/** Client address number `n` (a different one for each n below 65,536). */
const addressOf = (n: number) => `10.9.${Math.floor(n / 256)}.${n % 256}`;

const devicesOf = async (owner: TestClient, card: Card) => ((await owner.get(`/api/cards/${card.id}/wallet`)).json() as WalletResponse).apple.devices;

describe('device registrations', () => {
  it('cut off a flood from one address at 30 per 10 minutes, answering 429 with Retry-After and storing nothing more', async () => {
    t = await createTestApp();
    const { owner, card } = await proOwnerWithCard(t);
    const statuses: number[] = [];
    for (let n = 0; n < 40; n += 1) {
      const response = await registerDevice(t, card, { id: `flood-${n}`, pushToken: pushTokenOf(n), address: '203.0.113.66' });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().error.message).toBe(tooManyRequestsMessage);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array<number>(30).fill(201), ...Array<number>(10).fill(429)]);
    expect(await devicesOf(owner, card)).toBe(30);
    // Another address is not held up by that one.
    expect((await registerDevice(t, card, { id: 'neighbour', pushToken: pushTokenOf('neighbour'), address: '198.51.100.20' })).statusCode).toBe(201);
  });

  it('cut off a flood from many addresses at 200 per pass per hour; requests without the pass token do not count against it', async () => {
    t = await createTestApp();
    const { owner, card } = await proOwnerWithCard(t);
    // Whoever lacks the token cannot spend the pass's allowance.
    for (let n = 0; n < 210; n += 1) {
      const refused = await registerDevice(t, card, { id: `guess-${n}`, pushToken: pushTokenOf(n), address: addressOf(n), token: 'not-the-token-of-this-pass' });
      expect(refused.statusCode).toBe(401);
    }
    const statuses: number[] = [];
    for (let n = 0; n < 205; n += 1) {
      statuses.push((await registerDevice(t, card, { id: `device-${n}`, pushToken: pushTokenOf(n), address: addressOf(1000 + n) })).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(200).fill(201), ...Array<number>(5).fill(429)]);
    expect(await devicesOf(owner, card)).toBe(200);
    // Another pass has its own allowance.
    const other = (await owner.post('/api/cards', { name: 'Second card' })).json().card as Card;
    await t.services.jobs.runDue();
    expect((await registerDevice(t, other, { id: 'device-0', pushToken: pushTokenOf(0), address: addressOf(5000) })).statusCode).toBe(201);
  });

  it('stop at WALLET_DEVICES_PER_PASS: a new device past it is refused with no row, a registered one still answers 200', async () => {
    t = await createTestApp({ WALLET_DEVICES_PER_PASS: '5' });
    const { owner, card } = await proOwnerWithCard(t);
    for (let n = 0; n < 5; n += 1) {
      expect((await registerDevice(t, card, { id: `device-${n}`, pushToken: pushTokenOf(n), address: addressOf(n) })).statusCode).toBe(201);
    }
    const refused = await registerDevice(t, card, { id: 'device-5', pushToken: pushTokenOf(5), address: addressOf(5) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('This pass has reached the limit of devices that receive its updates.');
    expect(await devicesOf(owner, card)).toBe(5);
    // A device already registered re-registers (a new push token) as before.
    expect((await registerDevice(t, card, { id: 'device-0', pushToken: pushTokenOf('renewed'), address: addressOf(0) })).statusCode).toBe(200);
    expect(await devicesOf(owner, card)).toBe(5);
    // A device that removes the pass frees its place.
    const passType = developmentCredentials(t).apple.passTypeId;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/wallet/apple/v1/devices/device-1/registrations/${passType}/${card.id}`,
      headers: { authorization: `ApplePass ${t.services.wallet.authTokenOf(card.id)}` },
    });
    expect(removed.statusCode).toBe(200);
    expect((await registerDevice(t, card, { id: 'device-5', pushToken: pushTokenOf(5), address: addressOf(5) })).statusCode).toBe(201);
    expect(await devicesOf(owner, card)).toBe(5);
  });

  it('refuse a push token that is not 64 to 200 hexadecimal characters, and a malformed device identifier, with 400 and no row', async () => {
    t = await createTestApp();
    const { owner, card } = await proOwnerWithCard(t);
    const badTokens = ['ab12', 'a'.repeat(63), 'a'.repeat(201), `${'a'.repeat(63)}g`, `${'a'.repeat(32)} ${'a'.repeat(32)}`, ''];
    for (const [n, pushToken] of badTokens.entries()) {
      const response = await registerDevice(t, card, { id: `device-${n}`, pushToken, address: addressOf(n) });
      expect(response.statusCode, pushToken).toBe(400);
      expect(response.json().error.message).toBe('pushToken: must be an APNs device token: 64 to 200 hexadecimal characters');
    }
    for (const [n, id] of ['device one', 'device<1>', 'device:1'].entries()) {
      const response = await registerDevice(t, card, { id, pushToken: pushTokenOf(n), address: addressOf(100 + n) });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error.message).toMatch(/^device: must be a device identifier of 1 to 100 letters/);
    }
    // Longer than any path parameter the router takes.
    expect((await registerDevice(t, card, { id: 'd'.repeat(101), pushToken: pushTokenOf(1), address: addressOf(110) })).statusCode).toBe(414);
    expect(await devicesOf(owner, card)).toBe(0);
    expect((await registerDevice(t, card, { id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', pushToken: pushTokenOf(1), address: addressOf(200) })).statusCode).toBe(201);
    expect((await registerDevice(t, card, { id: 'd'.repeat(100), pushToken: 'F'.repeat(200), address: addressOf(201) })).statusCode).toBe(201);
    expect(await devicesOf(owner, card)).toBe(2);
  });
});

describe('the public wallet routes', () => {
  it('limit pass downloads, Google save links and the device log to 30 a minute per address', async () => {
    t = await createTestApp();
    const { card } = await proOwnerWithCard(t);
    const from = (address: string, method: 'GET' | 'POST', url: string) =>
      t!.app.inject({
        method,
        url,
        remoteAddress: address,
        ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ logs: ['Pass update failed'] }) } : {}),
      });
    const routes = [
      { method: 'GET', url: `/id/${card.id}/apple-wallet.pkpass`, status: 200 },
      { method: 'GET', url: `/id/${card.id}/google-wallet`, status: 302 },
      { method: 'POST', url: '/api/wallet/apple/v1/log', status: 200 },
    ] as const;
    for (const route of routes) {
      const statuses: number[] = [];
      for (let n = 0; n < 32; n += 1) statuses.push((await from('203.0.113.77', route.method, route.url)).statusCode);
      expect(statuses, route.url).toEqual([...Array<number>(30).fill(route.status), 429, 429]);
      const refused = await from('203.0.113.77', route.method, route.url);
      expect(refused.json().error.message).toBe(tooManyRequestsMessage);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await from('198.51.100.21', route.method, route.url)).statusCode, route.url).toBe(route.status);
    }
  });
});

describe('a card save with registered devices', () => {
  it('queues one job in the save; running the jobs wakes N devices in ceil(N/100) push jobs, once each', async () => {
    const apns = await startApnsServer();
    closers.push(apns.close);
    t = await createTestApp({ APPLE_APNS_URL: apns.url, APPLE_APNS_CA: apns.ca });
    const jobs = t.services.jobs;
    const walletJobsOf = async (status: 'queued' | 'done') =>
      (await jobs.admin.list({ status, limit: 1000 })).map((job) => job.kind).filter((kind) => kind.startsWith('wallet.')).sort();
    const { owner, card } = await proOwnerWithCard(t);

    // No devices: a new pass wakes no one and queues nothing for pushes.
    expect((await owner.patch(`/api/cards/${card.id}`, { jobTitle: 'Before any device' })).statusCode).toBe(200);
    await jobs.runDue();
    const afterNoDevices = await walletJobsOf('done');
    expect(afterNoDevices).not.toContain('wallet.apple-push-fan-out');
    expect(afterNoDevices).not.toContain('wallet.apple-push');
    expect(apns.requests).toHaveLength(0);

    const devices = Array.from({ length: 150 }, (_, n) => ({ id: `device-${String(n).padStart(3, '0')}`, pushToken: pushTokenOf(n), address: addressOf(n) }));
    for (const device of devices) expect((await registerDevice(t, card, device)).statusCode).toBe(201);

    expect((await owner.patch(`/api/cards/${card.id}`, { jobTitle: 'After 150 devices' })).statusCode).toBe(200);
    // The save's transaction queued the one job of the pass, whatever the number of devices.
    expect(await walletJobsOf('queued')).toEqual(['wallet.pass-changed']);
    // The job that records the new pass queues one fan-out, not a push per device.
    await jobs.runDue({ kinds: ['wallet.pass-changed'] });
    expect(await walletJobsOf('queued')).toEqual(['wallet.apple-push-fan-out']);

    await jobs.runDue();
    expect(await walletJobsOf('queued')).toEqual([]);
    const pushJobs = (await walletJobsOf('done')).filter((kind) => kind === 'wallet.apple-push');
    expect(pushJobs).toHaveLength(Math.ceil(devices.length / 100));
    expect(apns.requests.map((request) => request.path).sort()).toEqual(devices.map((device) => `/3/device/${device.pushToken}`).sort());

    // A fan-out that runs again (a retry, a duplicate) finds every device already woken for this pass.
    await jobs.enqueue(t.services.database.db, 'wallet.apple-push-fan-out', { cardId: card.id });
    await jobs.runDue();
    expect(apns.requests).toHaveLength(devices.length);
    expect((await walletJobsOf('done')).filter((kind) => kind === 'wallet.apple-push')).toHaveLength(pushJobs.length);
  });
});
