import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import { walletTexts, type WalletResponse } from '@cardstack/shared/wallet/schemas';
import { buyPro } from './billing-support';
import { createTestApp, TestClient, type TestApp } from './test-app';
import { developmentCredentials, fullCard, proOwnerWithCard, pushTokenOf, registerDevice, startApnsServer, startGoogleWalletFake } from './wallet-support';

let t: TestApp | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const close of closers.splice(0)) await close();
});

const visitorGet = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers, remoteAddress: '203.0.113.9' });

describe('Apple Wallet pass', () => {
  it('is a signed .pkpass whose manifest matches every file and whose signature openssl verifies against the CA', async () => {
    t = await createTestApp();
    const { card } = await proOwnerWithCard(t);
    const response = await visitorGet(t, `/id/${card.id}/apple-wallet.pkpass`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Ada-Lovelace.pkpass"');

    const zip = await JSZip.loadAsync(response.rawPayload);
    const files = Object.keys(zip.files).sort();
    expect(files).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png', 'icon@2x.png', 'icon@3x.png', 'logo.png']));
    const read = (name: string) => zip.file(name)!.async('nodebuffer');
    const manifest = JSON.parse((await read('manifest.json')).toString('utf8')) as Record<string, string>;
    const signed = files.filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(signed);
    for (const name of signed) expect(crypto.createHash('sha1').update(await read(name)).digest('hex'), name).toBe(manifest[name]);

    const credentials = developmentCredentials(t);
    const passJson = JSON.parse((await read('pass.json')).toString('utf8'));
    expect(passJson).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: credentials.apple.passTypeId,
      teamIdentifier: credentials.apple.teamId,
      serialNumber: card.id,
      webServiceURL: 'http://localhost:3000/api/wallet/apple/',
      barcodes: [{ format: 'PKBarcodeFormatQR', message: `http://localhost:3000/id/${card.id}/?src=wallet`, messageEncoding: 'iso-8859-1' }],
    });
    expect(passJson.authenticationToken.length).toBeGreaterThanOrEqual(16);
    expect(passJson.generic.primaryFields[0].value).toBe('Ada Lovelace');
    // The labels in every language the product speaks, signed with the rest: a phone shows its own language's.
    for (const language of ['de', 'fr', 'es', 'pt-BR', 'ja', 'ar']) expect(files, language).toContain(`${language}.lproj/pass.strings`);
    const german = (await read('de.lproj/pass.strings')).toString('utf8');
    expect(german).toContain('"Name" = "Name";');
    expect(german).toContain('"Card" = "Karte";');
    expect((await read('ja.lproj/pass.strings')).toString('utf8')).toContain('"Card" = "カード";');
    const labels = [...passJson.generic.primaryFields, ...passJson.generic.backFields].map((field: { label: string }) => field.label);
    for (const label of labels) expect(german, label).toContain(`"${label}" = `);

    // Debian's openssl checks the detached PKCS#7 signature of manifest.json and its chain to the CA.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pkpass-'));
    try {
      fs.writeFileSync(path.join(dir, 'signature'), await read('signature'));
      fs.writeFileSync(path.join(dir, 'manifest.json'), await read('manifest.json'));
      fs.writeFileSync(path.join(dir, 'ca.pem'), credentials.apple.wwdr);
      const verify = () =>
        execFileSync(
          'openssl',
          ['smime', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json', '-CAfile', 'ca.pem', '-out', '/dev/null'],
          { cwd: dir, stdio: 'pipe' },
        ).toString();
      expect(verify).not.toThrow();
      // A changed manifest no longer verifies.
      fs.writeFileSync(path.join(dir, 'manifest.json'), '{}');
      expect(verify).toThrow();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("carries the card's title and username (the spec's cardName and username) first on its back, labelled in every language", async () => {
    t = await createTestApp();
    const { owner, card } = await proOwnerWithCard(t);
    expect((await owner.patch(`/api/cards/${card.id}`, { title: 'Work card', username: 'ada-lovelace' })).statusCode).toBe(200);
    await t.services.jobs.runDue();
    const zip = await JSZip.loadAsync((await visitorGet(t, `/id/${card.id}/apple-wallet.pkpass`)).rawPayload);
    const passJson = JSON.parse(await zip.file('pass.json')!.async('string'));
    expect(passJson.generic.backFields.slice(0, 2)).toEqual([
      { key: 'cardName', label: 'Card name', value: 'Work card' },
      { key: 'username', label: 'Username', value: 'ada-lovelace' },
    ]);
    // The front keeps what it showed: the two are details.
    for (const group of ['headerFields', 'primaryFields', 'secondaryFields', 'auxiliaryFields']) {
      expect(passJson.generic[group].map((field: { key: string }) => field.key), group).not.toEqual(expect.arrayContaining(['cardName', 'username']));
    }
    const strings = (language: string) => zip.file(`${language}.lproj/pass.strings`)!.async('string');
    expect(await strings('de')).toContain('"Card name" = "Kartenname";');
    expect(await strings('de')).toContain('"Username" = "Benutzername";');
    expect(await strings('ja')).toContain('"Username" = "ユーザー名";');
  });

  it('is stored per card version under appleWallets/{cardId}/ and made anew when the card changes', async () => {
    t = await createTestApp();
    const { owner, card } = await proOwnerWithCard(t);
    const storedKeys = () => t!.services.storage.list(`appleWallets/${card.id}/`);
    const [first] = await storedKeys();
    expect(first).toMatch(new RegExp(`^appleWallets/${card.id}/v${card.version}-[\\w-]+/Ada-Lovelace\\.pkpass$`));
    expect((await owner.patch(`/api/cards/${card.id}`, { jobTitle: 'Programmer' })).statusCode).toBe(200);
    await t.services.jobs.runDue();
    const keys = await storedKeys();
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(first);
    const zip = await JSZip.loadAsync((await visitorGet(t, `/id/${card.id}/apple-wallet.pkpass`)).rawPayload);
    const passJson = JSON.parse(await zip.file('pass.json')!.async('string'));
    expect(passJson.generic.secondaryFields).toEqual([{ key: 'jobTitle', label: 'Job title', value: 'Programmer' }]);
  });

  it('takes the Apple tab colours and field choice (hex rule), and refuses a wrong colour', async () => {
    t = await createTestApp();
    const { owner, card } = await proOwnerWithCard(t);
    const wrong = await owner.request('PUT', `/api/cards/${card.id}/wallet/apple`, {
      foregroundColor: 'red', labelColor: '#abc', backgroundColor: '#123456', phones: null, emails: null, addresses: null,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Expected a valid hex string');
    const saved = await owner.request('PUT', `/api/cards/${card.id}/wallet/apple`, {
      foregroundColor: 'FFF', labelColor: '#abc', backgroundColor: '#1a2b3c80', phones: ['+44 20 7946 0001'], emails: [], addresses: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as WalletResponse).settings.apple).toMatchObject({ foregroundColor: '#fff', backgroundColor: '#1a2b3c80' });
    await t.services.jobs.runDue();
    const zip = await JSZip.loadAsync((await visitorGet(t, `/id/${card.id}/apple-wallet.pkpass`)).rawPayload);
    const passJson = JSON.parse(await zip.file('pass.json')!.async('string'));
    expect(passJson).toMatchObject({ foregroundColor: 'rgb(255, 255, 255)', labelColor: 'rgb(170, 187, 204)', backgroundColor: 'rgb(26, 43, 60)' });
    expect(passJson.generic.auxiliaryFields).toEqual([{ key: 'phone', label: 'Phone', value: '+44 20 7946 0001' }]);
    expect(passJson.generic.backFields.map((field: { key: string }) => field.key)).toEqual(['cardName', 'username', 'phone1', 'address1', 'address2', 'card']);
  });

  it('is a paid feature: a Basic owner has no tab data, no pass and no buttons; Pro shows both buttons', async () => {
    t = await createTestApp();
    const basic = new TestClient(t.app);
    await basic.register();
    const basicCard = (await basic.post('/api/cards', fullCard)).json().card as Card;
    await t.services.jobs.runDue();
    expect((await basic.get(`/api/cards/${basicCard.id}/wallet`)).statusCode).toBe(403);
    expect((await basic.request('PUT', `/api/cards/${basicCard.id}/wallet/google`, { backgroundColor: '#fff', phones: null, emails: null, addresses: null })).statusCode).toBe(403);
    expect((await visitorGet(t, `/id/${basicCard.id}/apple-wallet.pkpass`)).statusCode).toBe(404);
    expect((await visitorGet(t, `/id/${basicCard.id}/google-wallet`)).statusCode).toBe(404);
    const basicPage = (await visitorGet(t, `/id/${basicCard.id}/`)).body;
    expect(basicPage).not.toContain(walletTexts.addToApple);
    expect(basicPage).not.toContain(walletTexts.addToGoogle);

    const { card } = await proOwnerWithCard(t);
    const page = (await visitorGet(t, `/id/${card.id}/`)).body;
    expect(page).toContain(`href="/id/${card.id}/apple-wallet.pkpass"`);
    expect(page).toContain(`href="/id/${card.id}/google-wallet"`);
    // A stranger may not read or change another owner's wallet settings.
    const stranger = new TestClient(t.app);
    await stranger.register();
    await buyPro(stranger);
    expect((await stranger.get(`/api/cards/${card.id}/wallet`)).statusCode).toBe(404);
  });
});

describe('the public page', () => {
  it("counts a visitor's pass download and Google link as wallet adds on the owner's dashboard", async () => {
    t = await createTestApp();
    const { owner, card } = await proOwnerWithCard(t);
    const phone = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1' };
    expect((await visitorGet(t, `/id/${card.id}/apple-wallet.pkpass`, phone)).statusCode).toBe(200);
    expect((await visitorGet(t, `/id/${card.id}/google-wallet`, phone)).statusCode).toBe(302);
    // A bot fetching the pass is not a wallet add.
    await visitorGet(t, `/id/${card.id}/apple-wallet.pkpass`, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    await t.services.insights.flush();
    const dashboard = await owner.get(`/api/insights?period=7d&cardId=${card.id}`);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().tiles.wallet.current).toBe(2);
  });

  it('shows the wallet buttons soon after the owner upgrades, without the card changing', async () => {
    t = await createTestApp({ PUBLIC_PAGE_PLAN_CHECK_SECONDS: '0.05', PUBLIC_PAGE_VERSION_CHECK_MS: '0' });
    const owner = new TestClient(t.app);
    await owner.register();
    const card = (await owner.post('/api/cards', fullCard)).json().card as Card;
    await t.services.jobs.runDue();
    expect((await visitorGet(t, `/id/${card.id}/`)).body).not.toContain(walletTexts.addToApple);
    await buyPro(owner);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const page = (await visitorGet(t, `/id/${card.id}/`)).body;
    expect(page).toContain(walletTexts.addToApple);
    expect(page).toContain(walletTexts.addToGoogle);
    expect(((await owner.get(`/api/cards/${card.id}`)).json().card as Card).version).toBe(card.version);
  });
});

describe("Apple's pass web service", () => {
  it('answers every documented status: 201, 200, 204, 304 and 401', async () => {
    t = await createTestApp();
    const { card } = await proOwnerWithCard(t);
    const credentials = developmentCredentials(t);
    const passType = credentials.apple.passTypeId;
    const token = t.services.wallet.authTokenOf(card.id);
    const device = 'device-library-1';
    const registration = `/api/wallet/apple/v1/devices/${device}/registrations/${passType}/${card.id}`;
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, options: { auth?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
      t!.app.inject({
        method,
        url,
        // A device: no cookies and no Origin header.
        headers: { ...(options.auth ? { authorization: options.auth } : {}), ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers },
        ...(options.body ? { payload: JSON.stringify(options.body) } : {}),
      });

    expect((await call('POST', registration, { auth: 'ApplePass wrong-token-wrong-token', body: { pushToken: pushTokenOf(1) } })).statusCode).toBe(401);
    expect((await call('POST', registration, { body: { pushToken: pushTokenOf(1) } })).statusCode).toBe(401);
    expect((await call('POST', registration, { auth: `ApplePass ${token}`, body: { pushToken: pushTokenOf(1) } })).statusCode).toBe(201);
    expect((await call('POST', registration, { auth: `ApplePass ${token}`, body: { pushToken: pushTokenOf(2) } })).statusCode).toBe(200);

    const list = await call('GET', `/api/wallet/apple/v1/devices/${device}/registrations/${passType}`);
    expect(list.statusCode).toBe(200);
    const { serialNumbers, lastUpdated } = list.json() as { serialNumbers: string[]; lastUpdated: string };
    expect(serialNumbers).toEqual([card.id]);
    expect((await call('GET', `/api/wallet/apple/v1/devices/${device}/registrations/${passType}?passesUpdatedSince=${encodeURIComponent(lastUpdated)}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/wallet/apple/v1/devices/unknown-device/registrations/${passType}`)).statusCode).toBe(204);

    const passUrl = `/api/wallet/apple/v1/passes/${passType}/${card.id}`;
    expect((await call('GET', passUrl)).statusCode).toBe(401);
    expect((await call('GET', `/api/wallet/apple/v1/passes/pass.other.type/${card.id}`, { auth: `ApplePass ${token}` })).statusCode).toBe(401);
    const pass = await call('GET', passUrl, { auth: `ApplePass ${token}` });
    expect(pass.statusCode).toBe(200);
    expect(pass.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const lastModified = String(pass.headers['last-modified']);
    expect(Date.parse(lastModified)).not.toBeNaN();
    expect((await call('GET', passUrl, { auth: `ApplePass ${token}`, headers: { 'if-modified-since': lastModified } })).statusCode).toBe(304);

    expect((await call('POST', '/api/wallet/apple/v1/log', { body: { logs: ['Pass update failed: test'] } })).statusCode).toBe(200);
    expect((await call('DELETE', registration, { auth: 'ApplePass nope-nope-nope-nope' })).statusCode).toBe(401);
    expect((await call('DELETE', registration, { auth: `ApplePass ${token}` })).statusCode).toBe(200);
    expect((await call('GET', `/api/wallet/apple/v1/devices/${device}/registrations/${passType}`)).statusCode).toBe(204);
  });

  it('pushes one update per registered device over HTTP/2 with an ES256 token, retrying only the failed push', async () => {
    const apns = await startApnsServer({ failFirst: 1 });
    closers.push(apns.close);
    t = await createTestApp({ APPLE_APNS_URL: apns.url, APPLE_APNS_CA: apns.ca });
    const { owner, card } = await proOwnerWithCard(t);
    const credentials = developmentCredentials(t);
    const devices = [
      { id: 'device-a', pushToken: pushTokenOf('a') },
      { id: 'device-b', pushToken: pushTokenOf('b') },
    ];
    for (const device of devices) expect((await registerDevice(t, card, device)).statusCode).toBe(201);
    expect(((await owner.get(`/api/cards/${card.id}/wallet`)).json() as WalletResponse).apple).toEqual({ state: 'development', devices: 2 });

    expect((await owner.patch(`/api/cards/${card.id}`, { jobTitle: 'Chief Analyst' })).statusCode).toBe(200);
    await t.services.jobs.runDue();
    // Two pushes tried (one job for both devices): the first answered 503, and the job waits for its retry.
    expect(apns.requests).toHaveLength(2);
    const failed = await t.services.jobs.admin.list({ status: 'failed' });
    expect(failed.map((job) => job.kind)).toEqual(['wallet.apple-push']);
    await t.services.jobs.admin.retry(failed[0]!.id);
    await t.services.jobs.runDue();
    expect(apns.requests).toHaveLength(3);
    // Each device once, and the one whose push failed (the first sent) again: the retry skips the device already woken.
    const retried = apns.requests[0]!.path;
    expect(apns.requests.map((request) => request.path).sort()).toEqual(devices.map((device) => `/3/device/${device.pushToken}`).concat(retried).sort());
    expect(apns.requests.at(-1)!.path).toBe(retried);

    const delivered = apns.requests.at(-1)!;
    expect(delivered.headers['apns-topic']).toBe(credentials.apple.passTypeId);
    expect(delivered.body).toBe('{}');
    const jwt = String(delivered.headers.authorization).replace(/^bearer /, '');
    const publicKey = crypto.createPublicKey(credentials.apple.apns.key);
    const verified = await jwtVerify(jwt, publicKey, { issuer: credentials.apple.teamId, algorithms: ['ES256'] });
    expect(verified.protectedHeader.kid).toBe(credentials.apple.apns.keyId);

    // A save that changes nothing on the pass pushes nothing.
    expect((await owner.patch(`/api/cards/${card.id}`, { description: 'Not on the pass' })).statusCode).toBe(200);
    await t.services.jobs.runDue();
    expect(apns.requests).toHaveLength(3);
  });
});

describe('a downgrade to Basic', () => {
  it('locks both wallets: no tab, no download, no new pass; devices keep the last pass', async () => {
    t = await createTestApp();
    const { owner, card } = await proOwnerWithCard(t);
    const passType = developmentCredentials(t).apple.passTypeId;
    const token = t.services.wallet.authTokenOf(card.id);
    const storedBefore = await t.services.storage.list(`appleWallets/${card.id}/`);
    expect(storedBefore).toHaveLength(1);
    // The 7-day trial ends with the subscription cancelled: the account is on Basic.
    expect((await owner.post('/api/billing/cancel-at-period-end')).statusCode).toBe(200);
    expect((await owner.post('/api/billing/test-clock', { days: 8 })).statusCode).toBe(200);
    await t.services.jobs.runDue();
    expect((await owner.get('/api/me')).json().plan).toBe('basic');

    expect((await owner.get(`/api/cards/${card.id}/wallet`)).statusCode).toBe(403);
    expect((await visitorGet(t, `/id/${card.id}/apple-wallet.pkpass`)).statusCode).toBe(404);
    expect((await visitorGet(t, `/id/${card.id}/google-wallet`)).statusCode).toBe(404);
    expect((await owner.patch(`/api/cards/${card.id}`, { jobTitle: 'Changed after the downgrade' })).statusCode).toBe(200);
    await t.services.jobs.runDue();
    expect(await t.services.storage.list(`appleWallets/${card.id}/`)).toEqual(storedBefore);
    expect((await visitorGet(t, `/id/${card.id}/`)).body).not.toContain('Add to Apple Wallet');

    const fetched = await t.app.inject({ method: 'GET', url: `/api/wallet/apple/v1/passes/${passType}/${card.id}`, headers: { authorization: `ApplePass ${token}` } });
    expect(fetched.statusCode).toBe(200);
    const passJson = JSON.parse(await (await JSZip.loadAsync(fetched.rawPayload)).file('pass.json')!.async('string'));
    expect(passJson.generic.secondaryFields).toEqual([{ key: 'jobTitle', label: 'Job title', value: 'Analyst' }]);
    expect(await t.services.storage.list(`appleWallets/${card.id}/`)).toEqual(storedBefore);
  });
});

describe('Google Wallet', () => {
  /** The translated values of a LocalizedString, by language. */
  const translations = (value: { translatedValues?: { language: string; value: string }[] }) =>
    Object.fromEntries((value.translatedValues ?? []).map((entry) => [entry.language, entry.value]));
  type Module = { id: string; header: string; body: string; localizedHeader: { translatedValues?: { language: string; value: string }[] } };

  it('without a reachable API (development keys), redirects to a save link whose RS256 JWT verifies with jose and carries the class’s labels in every language', async () => {
    t = await createTestApp();
    const { card } = await proOwnerWithCard(t, { name: 'Ada Lovelace', jobTitle: 'Analyst', email: 'ada@example.com' });
    const response = await visitorGet(t, `/id/${card.id}/google-wallet`);
    expect(response.statusCode).toBe(302);
    const location = String(response.headers.location);
    expect(location.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const credentials = developmentCredentials(t);
    const jwt = location.slice('https://pay.google.com/gp/v/save/'.length);
    const { payload } = await jwtVerify(jwt, crypto.createPublicKey(credentials.google.privateKey), {
      audience: 'google',
      issuer: credentials.google.clientEmail,
      algorithms: ['RS256'],
    });
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: ['http://localhost:3000'] });
    const { genericClasses, genericObjects } = payload.payload as { genericClasses: { id: string; textModulesData: Module[] }[]; genericObjects: Record<string, unknown>[] };
    expect(genericObjects[0]).toMatchObject({
      id: `${credentials.google.issuerId}.${card.id}`,
      classId: `${credentials.google.issuerId}.card-${card.id}`,
      header: { defaultValue: { language: 'en-US', value: 'Ada Lovelace' } },
      barcode: { type: 'QR_CODE', value: `http://localhost:3000/id/${card.id}/?src=wallet` },
    });
    expect(genericClasses[0]!.id).toBe(`${credentials.google.issuerId}.card-${card.id}`);
    const email = genericClasses[0]!.textModulesData.find((module) => module.body === 'ada@example.com')!;
    expect(email.header).toBe('Email');
    expect(translations(email.localizedHeader)).toEqual({ de: 'E-Mail', fr: 'E-mail', es: 'Correo electrónico', 'pt-BR': 'E-mail', ja: 'メールアドレス', ar: 'البريد الإلكتروني' });
    expect(decodeProtectedHeader(jwt).alg).toBe('RS256');
  });

  it('stores the class with its translated labels over the REST API once, links the object within the budget, and follows card changes', async () => {
    const google = await startGoogleWalletFake();
    closers.push(google.close);
    t = await createTestApp({ GOOGLE_WALLET_API_URL: google.apiUrl });
    const { owner, card } = await proOwnerWithCard(t, fullCard);
    const credentials = developmentCredentials(t);
    const objectId = `${credentials.google.issuerId}.${card.id}`;
    const classId = `${credentials.google.issuerId}.card-${card.id}`;
    // The job of the card's save stored the class already (PUT: none yet, so POST).
    await t.services.jobs.runDue();
    const classRequests = () => google.requests.filter((request) => request.path.includes('/genericClass'));
    expect(classRequests().map((request) => `${request.method} ${request.path}`)).toEqual([
      `PUT /walletobjects/v1/genericClass/${encodeURIComponent(classId)}`,
      'POST /walletobjects/v1/genericClass',
    ]);
    const stored = google.classes.get(classId) as { textModulesData: Module[] };
    expect(stored.textModulesData.map((module) => [module.header, module.body])).toEqual([
      ['Phone 1', '+44 20 7946 0000'],
      ['Phone 2', '+44 20 7946 0001'],
      ['Email 1', 'ada@example.com'],
      ['Email 2', 'ada.l@example.com'],
      ['Address 1', '12 St James Square, London'],
      ['Address 2', 'Ockham Park, Surrey'],
    ]);
    expect(translations(stored.textModulesData[0]!.localizedHeader)).toMatchObject({ de: 'Telefon 1', ja: '電話番号 1', ar: 'الهاتف 1' });

    for (const visit of [1, 2]) {
      const response = await visitorGet(t, `/id/${card.id}/google-wallet`);
      expect(response.statusCode, `visit ${visit}`).toBe(302);
      const location = String(response.headers.location);
      expect(location.length).toBeLessThanOrEqual(1800);
      const { payload } = await jwtVerify(location.slice('https://pay.google.com/gp/v/save/'.length), crypto.createPublicKey(credentials.google.privateKey), { audience: 'google' });
      const objects = (payload.payload as { genericObjects: Record<string, unknown>[]; genericClasses?: unknown }).genericObjects;
      expect(payload.payload).not.toHaveProperty('genericClasses');
      expect(objects[0]).toMatchObject({ id: objectId, classId, cardTitle: { defaultValue: { value: 'Engines Ltd' } } });
    }
    // The class in Google's store is as it is: the saves did not store it again.
    expect(classRequests()).toHaveLength(2);

    google.objects.add(objectId); // someone saved the pass
    const before = google.requests.length;
    expect((await owner.patch(`/api/cards/${card.id}`, { jobTitle: 'Countess', phones: [] })).statusCode).toBe(200);
    await t.services.jobs.runDue();
    const after = google.requests.slice(before).filter((request) => request.method !== 'POST' || request.path !== '/token');
    expect(after.map((request) => `${request.method} ${request.path}`)).toEqual([
      `PUT /walletobjects/v1/genericClass/${encodeURIComponent(classId)}`,
      `PUT /walletobjects/v1/genericObject/${encodeURIComponent(objectId)}`,
    ]);
    expect((google.classes.get(classId) as { textModulesData: Module[] }).textModulesData[0]).toMatchObject({ id: 'phone1', header: 'Phone', body: '+44 20 7946 0000' });
    expect(JSON.parse(after[1]!.body)).toMatchObject({ id: objectId, subheader: { defaultValue: { language: 'en-US', value: 'Countess' } } });
  });
});
