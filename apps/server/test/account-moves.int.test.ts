import http from 'node:http';
import type { AddressInfo } from 'node:net';
import JSZip from 'jszip';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountMoveResponse } from '@cardstack/shared/account/account-move-settings';
import type { Card } from '@cardstack/shared/cards/schemas';
import { createPreorderBatch } from '../src/modules/physical-cards/physical-cards-module';
import { createPageFastPath } from '../src/modules/public-card/page-fast-path';
import { buyPro } from './billing-support';
import { createTestApp, TestClient, type TestApp } from './test-app';
import { developmentCredentials, proOwnerWithCard, pushTokenOf, registerDevice, startApnsServer, startGoogleWalletFake } from './wallet-support';

/*
 * "This account moved", on the server the account left: a local HTTP server plays the new server's side of the
 * contract (`GET /api/account/moves/{exportId}`, packages/shared/src/account/account-moves.ts); the moved cards'
 * addresses (by id, by username, a physical card's chip and printed QR code) answer 301 to the card there, the
 * others are untouched, a hostile or broken answer stores nothing, and the wallet passes follow.
 */

let t: TestApp;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await t?.close();
});

type Answer = { status: number; body: string; headers?: Record<string, string> };

/** The new server's stand-in: answers every moves request with `answer()`, records the paths asked. */
async function newServer(answer: (exportId: string) => Answer) {
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    paths.push(request.url ?? '');
    const exportId = /^\/api\/account\/moves\/([^/?]+)$/.exec(request.url ?? '')?.[1];
    const { status, body, headers } = exportId ? answer(exportId) : { status: 404, body: '{}' };
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { origin, paths };
}

const movesAnswer = (cards: { from: string; to: string }[]): Answer => ({ status: 200, body: JSON.stringify({ cards }) });

/** "Download my data": the account's export, built by its job; its id is what the new server's answer is asked by. */
async function exportAccount(client: TestClient): Promise<string> {
  const requested = await client.post('/api/account/export');
  expect(requested.statusCode, requested.body).toBe(202);
  await t.services.jobs.runDue({ kinds: ['account-archive.export'] });
  return (requested.json() as { id: string }).id;
}

const visitor = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });

async function ownerWithCards() {
  const owner = new TestClient(t.app);
  await owner.register({ name: 'Ada' });
  // Two cards: a plan with more than one.
  await buyPro(owner);
  const moving = (await owner.post('/api/cards', { title: 'Work', name: 'Ada Lovelace' })).json().card as Card;
  const staying = (await owner.post('/api/cards', { title: 'Club', name: 'Ada at the club' })).json().card as Card;
  expect((await owner.request('PUT', `/api/cards/${moving.id}/username`, { username: 'ada-moves' })).statusCode).toBe(200);
  const { ids } = await createPreorderBatch(t.services.database.db, { productId: 'nfc-black', productName: 'Black NFC card', count: 1 }, null);
  const chip = ids[0]!;
  expect((await owner.post(`/api/physical-cards/preorders/${chip}/activate`, { cardId: moving.id })).statusCode).toBe(200);
  await exportAccount(owner);
  return { owner, moving, staying, chip };
}

async function strangerWithCard() {
  const stranger = new TestClient(t.app);
  await stranger.register({ name: 'Bob' });
  const card = (await stranger.post('/api/cards', { title: 'Theirs', name: 'Bob Stranger' })).json().card as Card;
  return { stranger, card };
}

/** A plain HTTP server answering only through the page's fast path (page-fast-path.ts), 599 for whatever it leaves. */
async function fastPathOnly(): Promise<string> {
  const answer = createPageFastPath(t.services.publicCard, { trustProxy: false, isBusy: () => false });
  const server = http.createServer((request, response) => {
    if (!answer(request, response)) {
      response.writeHead(599);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const statusOver = (origin: string, path: string) =>
  new Promise<number>((resolve, reject) => {
    http.get(`${origin}${path}`, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on('error', reject);
  });

describe('this account moved', () => {
  it('answers the moved card’s addresses with 301 to its page on the new server, leaves the others, and undoes', async () => {
    t = await createTestApp();
    const { owner, moving, staying, chip } = await ownerWithCards();
    const { stranger, card: strangers } = await strangerWithCard();
    const target = { to: '' };
    const server = await newServer(() =>
      movesAnswer([
        { from: moving.id, to: target.to },
        // Not this account's card: ignored.
        { from: strangers.id, to: `${newOrigin}/id/stolen/` },
        { from: 'no-such-card', to: `${newOrigin}/id/nothing/` },
      ]),
    );
    const newOrigin = server.origin;
    target.to = `${newOrigin}/id/ada-new/`;

    // The page is in memory and answered before Fastify until the move.
    expect((await visitor(`/id/${moving.id}/`)).statusCode).toBe(200);
    const fast = await fastPathOnly();
    expect(await statusOver(fast, `/id/${moving.id}/`)).toBe(200);

    const moved = await owner.post('/api/account/move', { address: `${newOrigin}/` });
    expect(moved.statusCode, moved.body).toBe(200);
    const move = (moved.json() as AccountMoveResponse).move!;
    expect(move.address).toBe(newOrigin);
    expect(move.cards).toEqual([{ cardId: moving.id, title: 'Work', name: 'Ada Lovelace', to: target.to }]);
    expect(move.notFound).toEqual([{ cardId: staying.id, title: 'Club', name: 'Ada at the club' }]);
    // Asked once, for the account's newest export (22 base64url characters).
    expect(server.paths).toHaveLength(1);
    expect(server.paths[0]).toMatch(/^\/api\/account\/moves\/[A-Za-z0-9_-]{22}$/);
    expect((await owner.get('/api/account/move')).json()).toEqual({ move });

    // The fast path no longer serves the old page.
    expect(await statusOver(fast, `/id/${moving.id}/`)).toBe(599);
    const expectMoved = async (url: string, location: string) => {
      const response = await visitor(url);
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location, url).toBe(location);
      expect(response.headers['cache-control'], url).toBe('no-store');
    };
    await expectMoved(`/id/${moving.id}/`, target.to);
    await expectMoved('/id/ada-moves/', target.to);
    await expectMoved('/id/ADA-MOVES/?src=link', `${target.to}?src=link`);
    // The physical card: the chip's and the printed QR code's addresses, their source markers kept.
    await expectMoved(`/id/${chip}/?src=nfc`, `${target.to}?src=nfc`);
    await expectMoved(`/id/${chip}/?src=qr`, `${target.to}?src=qr`);
    // Sub-addresses: the vCard and QR codes to theirs, a file to the page.
    await expectMoved(`/id/${moving.id}/contact.vcf`, `${target.to}contact.vcf`);
    await expectMoved(`/id/${moving.id}/qr.svg?download`, `${target.to}qr.svg?download`);
    await expectMoved(`/id/${moving.id}/f/abcdefabcdef`, target.to);

    // An unmoved card of the account and another user's card are untouched.
    expect((await visitor(`/id/${staying.id}/`)).statusCode).toBe(200);
    expect((await visitor(`/id/${strangers.id}/`)).statusCode).toBe(200);
    expect((await stranger.get('/api/account/move')).json()).toEqual({ move: null });
    // Another user's undo is their own: nothing of the owner's changes.
    expect((await stranger.delete('/api/account/move')).statusCode).toBe(200);
    await expectMoved(`/id/${moving.id}/`, target.to);

    const undone = await owner.delete('/api/account/move');
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ move: null });
    expect((await visitor(`/id/${moving.id}/`)).statusCode).toBe(200);
    expect((await visitor('/id/ada-moves/')).statusCode).toBe(200);
    expect((await visitor(`/id/${chip}/?src=nfc`)).statusCode).toBe(200);
    expect((await owner.get('/api/account/move')).json()).toEqual({ move: null });
  });

  it('refuses a hostile or broken answer with a message and stores nothing', async () => {
    t = await createTestApp();
    const { owner, moving } = await ownerWithCards();
    let answer: Answer = { status: 200, body: '' };
    const server = await newServer(() => answer);
    const cases: [string, Answer][] = [
      ['a page on another server', movesAnswer([{ from: moving.id, to: 'https://evil.example/id/x/' }])],
      ['a page on the origin that is no card page', movesAnswer([{ from: moving.id, to: `${server.origin}/admin` }])],
      ['not JSON', { status: 200, body: '<html>moved</html>' }],
      ['another shape', { status: 200, body: JSON.stringify({ cards: [{ id: moving.id }] }) }],
      ['a non-http target', movesAnswer([{ from: moving.id, to: 'javascript:alert(1)' }])],
      ['too large', { status: 200, body: JSON.stringify({ cards: [{ from: moving.id, to: `${server.origin}/id/x/` }], padding: 'x'.repeat(1024 * 1024) }) }],
      ['a redirect', { status: 302, body: '', headers: { location: 'http://169.254.169.254/latest/meta-data/' } }],
    ];
    for (const [name, hostile] of cases) {
      answer = hostile;
      const refused = await owner.post('/api/account/move', { address: server.origin });
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().error.fields.address, name).toBe(`The answer from ${server.origin} could not be read, so nothing was changed.`);
      expect((await owner.get('/api/account/move')).json(), name).toEqual({ move: null });
      expect((await visitor(`/id/${moving.id}/`)).statusCode, name).toBe(200);
    }

    answer = movesAnswer([{ from: 'someone-elses', to: `${server.origin}/id/x/` }]);
    const none = await owner.post('/api/account/move', { address: server.origin });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(`None of your cards were found on ${server.origin}, so nothing was changed.`);

    answer = { status: 404, body: '{"error":{"code":"not-found"}}' };
    const unknown = await owner.post('/api/account/move', { address: server.origin });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(`${server.origin} does not know this account yet. Import your data there first, then try again.`);
    expect((await owner.get('/api/account/move')).json()).toEqual({ move: null });
  });

  it('says so when the new server cannot be reached, and refuses addresses that are not a server’s', async () => {
    t = await createTestApp();
    const { owner } = await ownerWithCards();
    // A port nothing listens on any more.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await owner.post('/api/account/move', { address: `http://127.0.0.1:${port}` });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().error.fields.address).toBe(`We could not reach http://127.0.0.1:${port}. Check the address and that the server is online, then try again.`);

    const refusals: [string, string][] = [
      ['', 'Enter the new server’s address'],
      ['https://cards.example.com/some/path', 'Enter only the new server’s address, such as https://cards.example.com.'],
      ['https://user:pw@cards.example.com', 'Enter only the new server’s address, such as https://cards.example.com.'],
      ['ftp://cards.example.com', 'The new server’s address must start with https://.'],
      ['http://cards.example.com', 'The new server’s address must start with https://.'],
      ['https://10.1.2.3', 'This address points to a private or local network, which this server does not call.'],
      ['https://169.254.169.254', 'This address points to a private or local network, which this server does not call.'],
      ['http://localhost:3000', 'That is this server’s own address. Enter the address of the server your account moved to.'],
    ];
    for (const [address, message] of refusals) {
      const refused = await owner.post('/api/account/move', { address });
      expect(refused.statusCode, address).toBe(400);
      expect(refused.json().error.fields.address, address).toBe(message);
    }
    expect((await owner.get('/api/account/move')).json()).toEqual({ move: null });
  });

  it('goes with the account when it is deleted', async () => {
    t = await createTestApp();
    const { owner, moving } = await ownerWithCards();
    const server = await newServer(() => movesAnswer([{ from: moving.id, to: `${server.origin}/id/ada-new/` }]));
    expect((await owner.post('/api/account/move', { address: server.origin })).statusCode).toBe(200);
    expect((await owner.post('/api/account/delete', { password: 'correct horse battery' })).statusCode).toBe(200);
    const db = t.services.database.db;
    expect(await db.selectFrom('account_move').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('card_move').selectAll().execute()).toEqual([]);
    expect((await visitor(`/id/${moving.id}/`)).statusCode).toBe(404);
  });

  it('is the signed-in owner’s alone', async () => {
    t = await createTestApp();
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/account/move')).statusCode).toBe(401);
    expect((await anonymous.post('/api/account/move', { address: 'https://cards.example.com' })).statusCode).toBe(401);
    expect((await anonymous.delete('/api/account/move')).statusCode).toBe(401);
    // A cross-site form cannot move an account.
    const { owner } = await ownerWithCards();
    const crossSite = await owner.request('POST', '/api/account/move', { address: 'https://cards.example.com' }, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('the wallet passes of a moved card', () => {
  it('are made again with the new address and pushed to the devices; Google’s object is updated; undo points them back', async () => {
    const apns = await startApnsServer();
    closers.push(apns.close);
    const google = await startGoogleWalletFake();
    closers.push(google.close);
    t = await createTestApp({ APPLE_APNS_URL: apns.url, APPLE_APNS_CA: apns.ca, GOOGLE_WALLET_API_URL: google.apiUrl });
    const { owner, card } = await proOwnerWithCard(t);
    await exportAccount(owner);
    const credentials = developmentCredentials(t);
    google.objects.add(`${credentials.google.issuerId}.${card.id}`); // someone saved the Google pass
    expect((await registerDevice(t, card, { id: 'device-a', pushToken: pushTokenOf('a') })).statusCode).toBe(201);
    await t.services.jobs.runDue();
    const pushesBefore = apns.requests.length;
    const server = await newServer(() => movesAnswer([{ from: card.id, to: `${newOrigin}/id/ada-new/` }]));
    const newOrigin = server.origin;
    const to = `${newOrigin}/id/ada-new/`;

    const googleBefore = google.requests.length;
    expect((await owner.post('/api/account/move', { address: newOrigin })).statusCode).toBe(200);
    await t.services.jobs.runDue();
    expect(apns.requests.length).toBe(pushesBefore + 1);
    expect(apns.requests.at(-1)!.path).toBe(`/3/device/${pushTokenOf('a')}`);

    const passJsonOf = async () => {
      const fetched = await t.app.inject({
        method: 'GET',
        url: `/api/wallet/apple/v1/passes/${credentials.apple.passTypeId}/${card.id}`,
        headers: { authorization: `ApplePass ${t.services.wallet.authTokenOf(card.id)}` },
      });
      expect(fetched.statusCode).toBe(200);
      return JSON.parse(await (await JSZip.loadAsync(fetched.rawPayload)).file('pass.json')!.async('string')) as {
        barcodes: { message: string }[];
        webServiceURL: string;
        generic: { backFields: { value: string }[] };
      };
    };
    const passJson = await passJsonOf();
    expect(passJson.barcodes[0]!.message).toBe(`${to}?src=wallet`);
    expect(passJson.generic.backFields.map((field) => field.value)).toContain(`${to}?src=wallet`);
    // Devices keep asking this server for updates: an undone move reaches them too.
    expect(passJson.webServiceURL).toBe('http://localhost:3000/api/wallet/apple/');

    const objectUpdates = google.requests.slice(googleBefore).filter((request) => request.method === 'PUT' && request.path.includes('/genericObject/'));
    expect(objectUpdates).toHaveLength(1);
    expect(objectUpdates[0]!.body).toContain(to);

    expect((await owner.delete('/api/account/move')).statusCode).toBe(200);
    await t.services.jobs.runDue();
    expect(apns.requests.length).toBe(pushesBefore + 2);
    expect((await passJsonOf()).barcodes[0]!.message).toBe(`http://localhost:3000/id/${card.id}/?src=wallet`);
  });
});
