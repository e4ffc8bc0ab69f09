import sharp from 'sharp';
import { expect } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import { defaultRolesMatrix, roleList } from '@cardstack/shared/teams/roles';
import { createPreorderBatch } from '../../src/modules/physical-cards/physical-cards-module';
import { fileUpload, multipartBody } from '../multipart';
import { csvFile } from '../teams-support';
import { TestClient } from '../test-app';
import { freshCard, freshLead, freshPendingMember, random, securityZapier, type Actor, type World } from './security-world';

/*
 * The authorization matrix: every route of the app, and which of the five callers may use it. The suite derives
 * the route list from the app itself, so a route added without an entry here fails it: say who may call it.
 *
 * `allow` lists the callers that get past the access checks; everyone else must be refused (401, 403 or 404)
 * with no row changed. `isPublic` routes (public pages, files, the auth library's own endpoints) are open to
 * all; for them the suite asserts only that no caller gets a 5xx. `attempt` builds a request that is valid
 * for the route, so a refusal can only come from the access rules; routes that destroy what they touch get
 * a fresh object for every attempt.
 */

export interface Attempt {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  upload?: { body: Buffer; headers: Record<string, string> };
}

export interface RouteRule {
  allow: readonly Actor[];
  isPublic?: true;
  attempt(world: World, actor: Actor): Attempt | Promise<Attempt>;
}

const everyone: readonly Actor[] = ['anonymous', 'stranger', 'employee', 'admin', 'owner'];
const signedIn: readonly Actor[] = ['stranger', 'employee', 'admin', 'owner'];
/** The owner, and the admin through the default admin role (cards, contacts, user management; not roles). */
const teamManagers: readonly Actor[] = ['admin', 'owner'];
const ownerOnly: readonly Actor[] = ['owner'];

const publicRoute = (attempt: RouteRule['attempt']): RouteRule => ({ allow: everyone, isPublic: true, attempt });
const get = (url: string): Attempt => ({ method: 'GET', url });

/** The matrix key of a route: its method and path pattern (the page script's and the OCR files' paths carry a hash). */
export function routeKey(method: string, url: string): string {
  if (url.startsWith('/card-assets/')) return `${method} /card-assets/*`;
  return `${method} ${url.replace(/^\/scanner-assets\/[^/]+\//, '/scanner-assets/:hash/')}`;
}

/** Where the app serves the OCR files (their path carries a hash of the packages' versions). */
function scannerAssetBase(w: World): string {
  const route = w.routes.find((candidate) => candidate.url.startsWith('/scanner-assets/'));
  return route ? route.url.split('/').slice(0, 3).join('/') : '/scanner-assets/none';
}

/** A scanned card's form and photo, as the scanner screen sends them. */
async function scanUpload(name: string) {
  const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#f4f4f0' } }).jpeg().toBuffer();
  return multipartBody([
    { name: 'fields', content: JSON.stringify({ name, emails: [`scan-${random()}@example.com`] }) },
    { name: 'image', content: photo, filename: 'card.jpg', contentType: 'image/jpeg' },
  ]);
}

/** A scanned contact of the owner's with its card photo (scanned contacts are their scanner's own, never the team's). */
const ownerScans = new WeakMap<World, Promise<string>>();
function ownerScannedContact(w: World): Promise<string> {
  let id = ownerScans.get(w);
  if (!id) {
    id = (async () => {
      const upload = await scanUpload('Scanned Person');
      const saved = await w.owner.client.request('POST', '/api/scanner/contacts', upload.body, upload.headers);
      expect(saved.statusCode, saved.body).toBe(201);
      return saved.json().contactId as string;
    })();
    ownerScans.set(w, id);
  }
  return id;
}

/** The session of a second device of the owner's: the owner may end it, nobody else may. Made once, ended by the owner's attempt. */
const ownerDevices = new WeakMap<World, Promise<string>>();
function ownerOtherSession(w: World): Promise<string> {
  let id = ownerDevices.get(w);
  if (!id) {
    id = (async () => {
      const device = new TestClient(w.t.app, '203.0.113.77');
      const signedIn = await device.signIn(w.owner.email, w.owner.password);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const sessions = (await device.get('/api/account/sessions')).json().sessions as { id: string; isCurrent: boolean }[];
      return sessions.find((session) => session.isCurrent)!.id;
    })();
    ownerDevices.set(w, id);
  }
  return id;
}

/** A fresh passkey of the owner's, stored as registration leaves it (the route that removes it destroys it). */
async function ownerPasskey(w: World): Promise<string> {
  const id = `passkey-${random()}`;
  await w.t.services.database.db
    .insertInto('passkey')
    .values({ id, user_id: w.owner.userId, name: 'Laptop', credential_id: `cred-${random()}`, public_key: 'AA', counter: 0, transports: '', is_backed_up: 0, created_at: new Date().toISOString(), last_used_at: null })
    .execute();
  return id;
}

/** A fresh API key of the owner's (the one route that revokes it destroys it). */
async function ownerApiKey(w: World): Promise<string> {
  const created = await w.owner.client.post('/api/integrations/api-keys', { name: `Key ${random()}`, scopes: ['contacts:read'] });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().key.id as string;
}

/** A fresh webhook subscription of the owner's, to a literal public address (no DNS in tests). */
async function ownerHook(w: World): Promise<string> {
  const created = await w.owner.client.post('/api/integrations/webhooks', { target_url: `https://93.184.215.14/hook-${random()}`, event: 'lead.created' });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

/** The consent screen's query: the world's registered Zapier client and its return address. */
const oauthQuery = { client_id: securityZapier.clientId, redirect_uri: securityZapier.redirectUri, response_type: 'code', state: 'matrix' };

/** A new, not yet activated pre-order. */
async function freshPreorder(w: World): Promise<string> {
  const { ids } = await createPreorderBatch(w.t.services.database.db, { productId: 'nfc', productName: 'NFC card', count: 1 }, null);
  return ids[0]!;
}

/** A physical card the owner activated, its card held by the team (so the team's admin manages it too). */
async function freshPhysicalCard(w: World): Promise<string> {
  const id = await freshPreorder(w);
  const activated = await w.owner.client.post(`/api/physical-cards/preorders/${id}/activate`);
  expect(activated.statusCode, activated.body).toBe(200);
  await w.t.services.database.db.updateTable('card').set({ team_owner_id: w.owner.userId }).where('id', '=', id).execute();
  // Set-up, not an attempt under test: it must not use up the owner's activation attempts.
  await w.t.services.database.db.deleteFrom('rate_limit_bucket').where('key', 'like', 'activation:%').execute();
  return id;
}

/** A contacts file of one card, as the import's upload sends it. */
function importUpload(kind: 'vcf' | 'csv' = 'vcf') {
  const content = kind === 'vcf' ? `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Imported ${random()}\r\nEND:VCARD\r\n` : `Who,Reach\r\nImported ${random()},someone@example.com\r\n`;
  return fileUpload(content, `contacts.${kind}`, kind === 'vcf' ? 'text/vcard' : 'text/csv');
}

/** A fresh import of the owner's, checked (ready to start) or run to the end (done: it can be undone). */
async function ownerImport(w: World, state: 'ready' | 'done', kind: 'vcf' | 'csv' = 'vcf'): Promise<string> {
  const upload = importUpload(kind);
  const uploaded = await w.owner.client.request('POST', '/api/contacts/import', upload.body, upload.headers);
  expect(uploaded.statusCode, uploaded.body).toBe(202);
  const id = uploaded.json().id as string;
  await w.t.services.jobs.runDue({ kinds: ['contacts.import.check'] });
  if (state === 'done') {
    const started = await w.owner.client.post(`/api/contacts/import/${id}/start`, { onEmailMatch: 'skip', onPhoneMatch: 'skip' });
    expect(started.statusCode, started.body).toBe(200);
    await w.t.services.jobs.runDue({ kinds: ['contacts.import.run'] });
  }
  return id;
}

/** A built export of the owner's ("Download my data"): its id and its archive. */
async function ownerExport(w: World): Promise<{ id: string; zip: Buffer }> {
  const requested = await w.owner.client.post('/api/account/export');
  expect(requested.statusCode, requested.body).toBe(202);
  const { id } = requested.json() as { id: string };
  await w.t.services.jobs.runDue({ kinds: ['account-archive.export'] });
  const download = await w.owner.client.get(`/api/account/export/${id}`);
  expect(download.statusCode).toBe(200);
  return { id, zip: download.rawPayload };
}

/** An import of the owner's own archive, queued. */
async function ownerArchiveImport(w: World): Promise<string> {
  const upload = fileUpload((await ownerExport(w)).zip, 'account.zip', 'application/zip');
  const uploaded = await w.owner.client.request('POST', '/api/account/import', upload.body, upload.headers);
  expect(uploaded.statusCode, uploaded.body).toBe(202);
  return uploaded.json().import.id as string;
}

/** Operator routes: nobody of the five callers is an operator of the instance (admin.int.test.ts has one). */
const operatorRoute = (attempt: RouteRule['attempt']): RouteRule => ({ allow: [], attempt });

export const routeMatrix: Record<string, RouteRule> = {
  // ---- Public: health, configuration, the SPA, stored files, the public card page, the auth library
  'GET /healthz': publicRoute(() => get('/healthz')),
  'GET /livez': publicRoute(() => get('/livez')),
  'GET /readyz': publicRoute(() => get('/readyz')),
  'GET /api/public-config': publicRoute(() => get('/api/public-config')),
  'GET /api/billing/prices': publicRoute(() => get('/api/billing/prices')),
  'GET /files/*': publicRoute((w) => get(w.card.downloadableFiles[0]!.url)),
  'GET /card-assets/*': publicRoute(() => get('/card-assets/card.0.js')),
  'GET /id/:key': publicRoute((w) => get(`/id/${w.card.id}`)),
  'GET /id/:key/': publicRoute((w) => get(`/id/${w.card.id}/`)),
  'GET /id/:key/thanks': publicRoute((w) => get(`/id/${w.card.id}/thanks`)),
  'GET /id/:key/contact.vcf': publicRoute((w) => get(`/id/${w.card.id}/contact.vcf`)),
  'GET /id/:key/qr.svg': publicRoute((w) => get(`/id/${w.card.id}/qr.svg`)),
  'GET /id/:key/qr.png': publicRoute((w) => get(`/id/${w.card.id}/qr.png`)),
  'GET /id/:key/photo.jpg': publicRoute((w) => get(`/id/${w.card.id}/photo.jpg`)),
  'GET /id/:key/l/:linkId': publicRoute((w) => get(`/id/${w.card.id}/l/unknown`)),
  'GET /id/:key/f/:fileId': publicRoute((w) => get(`/id/${w.card.id}/f/${w.card.downloadableFiles[0]!.id}`)),
  'POST /id/:key/lead': publicRoute((w) => ({ method: 'POST', url: `/id/${w.card.id}/lead`, body: { name: 'Visitor', email: `v-${random()}@example.com` } })),
  // Wallet: the visitor's pass and save link (public); Apple's web service is called by devices, authenticated by
  // the pass's own token (not a session): every caller here lacks it and gets 401, the list of a device's passes 204.
  'GET /id/:key/apple-wallet.pkpass': publicRoute((w) => get(`/id/${w.card.id}/apple-wallet.pkpass`)),
  'GET /id/:key/google-wallet': publicRoute((w) => get(`/id/${w.card.id}/google-wallet`)),
  'POST /api/wallet/apple/v1/devices/:device/registrations/:passType/:serial': publicRoute((w) => ({
    method: 'POST',
    url: `/api/wallet/apple/v1/devices/device-${random()}/registrations/pass.localhost.cards.development/${w.card.id}`,
    body: { pushToken: 'ab12'.repeat(16) },
  })),
  'DELETE /api/wallet/apple/v1/devices/:device/registrations/:passType/:serial': publicRoute((w) => ({
    method: 'DELETE',
    url: `/api/wallet/apple/v1/devices/device-${random()}/registrations/pass.localhost.cards.development/${w.card.id}`,
  })),
  'GET /api/wallet/apple/v1/devices/:device/registrations/:passType': publicRoute(() =>
    get(`/api/wallet/apple/v1/devices/device-${random()}/registrations/pass.localhost.cards.development`),
  ),
  'GET /api/wallet/apple/v1/passes/:passType/:serial': publicRoute((w) => get(`/api/wallet/apple/v1/passes/pass.localhost.cards.development/${w.card.id}`)),
  'POST /api/wallet/apple/v1/log': publicRoute(() => ({ method: 'POST', url: '/api/wallet/apple/v1/log', body: { logs: ['from the security suite'] } })),
  'POST /api/teams/invitations/preview': publicRoute(() => ({ method: 'POST', url: '/api/teams/invitations/preview', body: { token: 'not-a-token' } })),
  'GET /scanner-assets/:hash/*': publicRoute((w) => get(`${scannerAssetBase(w)}/worker.min.js`)),
  'GET /scanner-assets/:hash/lang/:file': publicRoute((w) => get(`${scannerAssetBase(w)}/lang/unknown.traineddata.gz`)),
  'GET /api/auth/*': publicRoute(() => get('/api/auth/get-session')),
  // Physical cards: the activation page's look-up and a batch's QR codes are public (the address is on the card).
  'GET /api/physical-cards/preorders/:preorderId': publicRoute(async (w) => get(`/api/physical-cards/preorders/${await freshPreorder(w)}`)),
  'GET /api/physical-cards/preorders/:preorderId/qr.svg': publicRoute(async (w) => get(`/api/physical-cards/preorders/${await freshPreorder(w)}/qr.svg`)),
  // The public custom design and quote forms.
  'POST /api/design-requests/custom-design': publicRoute(() => ({
    method: 'POST',
    url: '/api/design-requests/custom-design',
    body: { name: 'Visitor', email: `v-${random()}@example.com`, quantity: 10, material: 'pvc', finish: 'matte' },
  })),
  'POST /api/design-requests/quote': publicRoute(() => ({
    method: 'POST',
    url: '/api/design-requests/quote',
    body: { name: 'Visitor', email: `v-${random()}@example.com`, company: 'Big Co', cardCount: 300 },
  })),
  'POST /api/auth/*': publicRoute(() => ({ method: 'POST', url: '/api/auth/sign-in/email', body: { email: 'nobody@example.com', password: 'wrong password' } })),

  // ---- The caller's own account, billing and lists: anyone signed in, about themselves
  'GET /api/me': { allow: signedIn, attempt: () => get('/api/me') },
  // The SPA's session check: the caller's own user, or null for anyone signed out.
  'GET /api/session': publicRoute(() => get('/api/session')),
  'PATCH /api/account/profile': { allow: signedIn, attempt: () => ({ method: 'PATCH', url: '/api/account/profile', body: { displayName: 'Same Person' } }) },
  'GET /api/account/preferences': { allow: signedIn, attempt: () => get('/api/account/preferences') },
  // "This account moved": the caller's own account only (the attempt's address is refused before any request leaves).
  'GET /api/account/move': { allow: signedIn, attempt: () => get('/api/account/move') },
  'POST /api/account/move': { allow: signedIn, attempt: () => ({ method: 'POST', url: '/api/account/move', body: { address: 'http://cards.example.com' } }) },
  'DELETE /api/account/move': { allow: signedIn, attempt: () => ({ method: 'DELETE', url: '/api/account/move' }) },
  'PUT /api/account/preferences': { allow: signedIn, attempt: () => ({ method: 'PUT', url: '/api/account/preferences', body: { language: 'de', timeZone: 'Europe/Berlin' } }) },
  'POST /api/account/email': {
    allow: signedIn,
    attempt: () => ({ method: 'POST', url: '/api/account/email', body: { newEmail: `new-${random()}@example.com`, password: 'not the password' } }),
  },
  'POST /api/account/password': {
    allow: signedIn,
    attempt: () => ({
      method: 'POST',
      url: '/api/account/password',
      body: { currentPassword: 'not the password', newPassword: 'another long password', confirmPassword: 'another long password' },
    }),
  },
  'POST /api/account/export': { allow: signedIn, attempt: () => ({ method: 'POST', url: '/api/account/export', body: {} }) },
  'GET /api/account/exports': { allow: signedIn, attempt: () => get('/api/account/exports') },
  'GET /api/account/export/:id': { allow: ownerOnly, attempt: async (w) => get(`/api/account/export/${(await ownerExport(w)).id}`) },
  'POST /api/account/import': {
    allow: signedIn,
    attempt: async (w) => ({ method: 'POST', url: '/api/account/import', upload: fileUpload((await ownerExport(w)).zip, 'account.zip', 'application/zip') }),
  },
  'GET /api/account/imports': { allow: signedIn, attempt: () => get('/api/account/imports') },
  'GET /api/account/import/:id': { allow: ownerOnly, attempt: async (w) => get(`/api/account/import/${await ownerArchiveImport(w)}`) },
  // Another server asks it: anyone, and an archive's id no import finished answers 404.
  'GET /api/account/moves/:exportId': publicRoute(() => get(`/api/account/moves/${random().padEnd(22, 'x').slice(0, 22)}`)),
  'POST /api/account/photo': { allow: signedIn, attempt: () => ({ method: 'POST', url: '/api/account/photo', upload: fileUpload('not an image', 'me.png') }) },
  'DELETE /api/account/photo': { allow: signedIn, attempt: () => ({ method: 'DELETE', url: '/api/account/photo' }) },
  'POST /api/account/delete': { allow: signedIn, attempt: () => ({ method: 'POST', url: '/api/account/delete', body: { password: 'not the password' } }) },
  'GET /api/account/notifications': { allow: signedIn, attempt: () => get('/api/account/notifications') },
  'PUT /api/account/notifications': { allow: signedIn, attempt: () => ({ method: 'PUT', url: '/api/account/notifications', body: { isNewLeadEmailOn: true } }) },
  'GET /api/billing': { allow: signedIn, attempt: () => get('/api/billing') },
  'POST /api/billing/checkout': { allow: signedIn, attempt: () => ({ method: 'POST', url: '/api/billing/checkout', body: { plan: 'subscribed', period: 'month' } }) },
  'POST /api/billing/cancel-at-period-end': { allow: signedIn, attempt: () => ({ method: 'POST', url: '/api/billing/cancel-at-period-end', body: {} }) },
  'GET /api/billing/card-access': { allow: signedIn, attempt: () => get('/api/billing/card-access') },
  'POST /api/billing/portal': { allow: signedIn, attempt: () => ({ method: 'POST', url: '/api/billing/portal', body: {} }) },
  // The test clock moves only the caller's own clock, and exists only with the built-in test checkout.
  'POST /api/billing/test-clock': { allow: signedIn, attempt: () => ({ method: 'POST', url: '/api/billing/test-clock', body: { days: 1 } }) },
  'GET /api/cards': { allow: signedIn, attempt: () => get('/api/cards') },
  'POST /api/cards': { allow: signedIn, attempt: () => ({ method: 'POST', url: '/api/cards', body: { title: 'Own card', name: 'Someone' } }) },
  'GET /api/cards/username-availability': { allow: signedIn, attempt: () => get(`/api/cards/username-availability?username=free-${random()}`) },
  'GET /api/contacts': { allow: signedIn, attempt: () => get('/api/contacts') },
  'POST /api/contacts': { allow: signedIn, attempt: () => ({ method: 'POST', url: '/api/contacts', body: { name: 'Own Contact' } }) },
  'GET /api/contacts/cards': { allow: signedIn, attempt: () => get('/api/contacts/cards') },
  // A plan feature, decided by the caller's own plan: the owner's Teams plan has it; members and a Free stranger do not.
  'GET /api/contacts/export/:format': { allow: ownerOnly, attempt: () => get('/api/contacts/export/csv') },
  // Importing contacts: every plan may; an import is its importer's alone (the owner's here; anyone else gets 404).
  'POST /api/contacts/import': { allow: signedIn, attempt: () => ({ method: 'POST', url: '/api/contacts/import', upload: importUpload() }) },
  'GET /api/contacts/import/:id': { allow: ownerOnly, attempt: async (w) => get(`/api/contacts/import/${await ownerImport(w, 'ready')}`) },
  'PUT /api/contacts/import/:id/mapping': {
    allow: ownerOnly,
    attempt: async (w) => ({ method: 'PUT', url: `/api/contacts/import/${await ownerImport(w, 'ready', 'csv')}/mapping`, body: { mapping: ['name', 'email'] } }),
  },
  'POST /api/contacts/import/:id/start': {
    allow: ownerOnly,
    attempt: async (w) => ({ method: 'POST', url: `/api/contacts/import/${await ownerImport(w, 'ready')}/start`, body: { onEmailMatch: 'skip', onPhoneMatch: 'skip' } }),
  },
  'POST /api/contacts/import/:id/undo': { allow: ownerOnly, attempt: async (w) => ({ method: 'POST', url: `/api/contacts/import/${await ownerImport(w, 'done')}/undo`, body: {} }) },
  'DELETE /api/contacts/import/:id': { allow: ownerOnly, attempt: async (w) => ({ method: 'DELETE', url: `/api/contacts/import/${await ownerImport(w, 'ready')}` }) },
  // Insights: everyone may see their own cards' numbers; the team view needs the metrics permission (the owner, and
  // the admin through the default admin role), so the attempt asks for the team.
  'GET /api/insights': { allow: teamManagers, attempt: () => get('/api/insights?period=7d&scope=team') },
  'GET /api/insights/export.csv': { allow: teamManagers, attempt: () => get('/api/insights/export.csv?period=7d&scope=team') },
  // The caller's own signed-in devices. The entry that ends one device comes before "sign out the others".
  'GET /api/account/sessions': { allow: signedIn, attempt: () => get('/api/account/sessions') },
  'DELETE /api/account/sessions/:id': { allow: ownerOnly, attempt: async (w) => ({ method: 'DELETE', url: `/api/account/sessions/${await ownerOtherSession(w)}` }) },
  'POST /api/account/sessions/revoke-others': { allow: signedIn, attempt: () => ({ method: 'POST', url: '/api/account/sessions/revoke-others', body: {} }) },
  // What still has access to the caller's own account, and revoking all of it but this browser (after the device
  // entries: it ends the other sessions; the entries below make their keys and webhooks fresh).
  'GET /api/account/passkeys': { allow: signedIn, attempt: () => get('/api/account/passkeys') },
  'PATCH /api/account/passkeys/:id': { allow: ownerOnly, attempt: async (w) => ({ method: 'PATCH', url: `/api/account/passkeys/${await ownerPasskey(w)}`, body: { name: 'Phone' } }) },
  'DELETE /api/account/passkeys/:id': { allow: ownerOnly, attempt: async (w) => ({ method: 'DELETE', url: `/api/account/passkeys/${await ownerPasskey(w)}` }) },
  'GET /api/account/access': { allow: signedIn, attempt: () => get('/api/account/access') },
  'POST /api/account/access/revoke-all': { allow: signedIn, attempt: () => ({ method: 'POST', url: '/api/account/access/revoke-all', body: {} }) },
  // The card scanner is in every plan; what it finds and saves is the caller's own (duplicates: within their contacts).
  'GET /api/scanner/config': { allow: signedIn, attempt: () => get('/api/scanner/config') },
  'POST /api/scanner/duplicates': {
    allow: signedIn,
    attempt: () => ({ method: 'POST', url: '/api/scanner/duplicates', body: { emails: ['someone@example.com'], phones: [] } }),
  },
  'POST /api/scanner/contacts': { allow: signedIn, attempt: async () => ({ method: 'POST', url: '/api/scanner/contacts', upload: await scanUpload('Scanned') }) },
  // "Improve with AI" is off unless the operator configures a model (not in tests): 404 for every signed-in caller.
  'POST /api/scanner/improve': {
    allow: [],
    attempt: () => ({ method: 'POST', url: '/api/scanner/improve', body: { ocrText: 'Jane Doe\njane@example.com', current: { name: 'Jane Doe', emails: ['jane@example.com'] } } }),
  },
  'POST /api/teams/invitations/accept': { allow: signedIn, attempt: () => ({ method: 'POST', url: '/api/teams/invitations/accept', body: { token: 'not-a-token' } }) },

  // ---- The local test checkout's pages: signed in, each session its owner's
  'GET /billing/local-checkout/:sessionId': { allow: [], attempt: () => get('/billing/local-checkout/lcs_someone_elses_1234') },
  'POST /billing/local-checkout/:sessionId/complete': { allow: [], attempt: () => ({ method: 'POST', url: '/billing/local-checkout/lcs_someone_elses_1234/complete' }) },
  'POST /billing/local-checkout/:sessionId/cancel': { allow: [], attempt: () => ({ method: 'POST', url: '/billing/local-checkout/lcs_someone_elses_1234/cancel' }) },
  'GET /billing/local-portal': { allow: signedIn, attempt: () => get('/billing/local-portal') },

  // ---- One card: its owner, and the team's members whose role manages the team's cards
  'GET /api/cards/:id': { allow: teamManagers, attempt: (w) => get(`/api/cards/${w.card.id}`) },
  'GET /api/cards/:id/email-signature': { allow: teamManagers, attempt: (w) => get(`/api/cards/${w.card.id}/email-signature`) },
  'PATCH /api/cards/:id': { allow: teamManagers, attempt: (w) => ({ method: 'PATCH', url: `/api/cards/${w.card.id}`, body: { jobTitle: 'Changed' } }) },
  'DELETE /api/cards/:id': { allow: teamManagers, attempt: async (w) => ({ method: 'DELETE', url: `/api/cards/${(await freshCard(w)).id}` }) },
  'PUT /api/cards/:id/username': {
    allow: teamManagers,
    attempt: async (w) => ({ method: 'PUT', url: `/api/cards/${(await freshCard(w)).id}/username`, body: { username: `name-${random()}` } }),
  },
  'POST /api/cards/:id/duplicate': { allow: teamManagers, attempt: (w) => ({ method: 'POST', url: `/api/cards/${w.card.id}/duplicate`, body: {} }) },
  'POST /api/cards/:id/default': { allow: teamManagers, attempt: (w) => ({ method: 'POST', url: `/api/cards/${w.card.id}/default`, body: {} }) },
  'POST /api/cards/:id/images/:slot': {
    allow: teamManagers,
    attempt: (w) => ({ method: 'POST', url: `/api/cards/${w.card.id}/images/cover`, upload: fileUpload('not an image', 'cover.png') }),
  },
  'DELETE /api/cards/:id/images/:slot': { allow: teamManagers, attempt: (w) => ({ method: 'DELETE', url: `/api/cards/${w.card.id}/images/cover` }) },
  'POST /api/cards/:id/files': {
    allow: teamManagers,
    attempt: async (w) => ({ method: 'POST', url: `/api/cards/${(await freshCard(w)).id}/files`, upload: fileUpload('plain words', 'notes.txt') }),
  },
  'DELETE /api/cards/:id/files/:fileId': {
    allow: teamManagers,
    attempt: async (w) => {
      const card = await freshCard(w);
      const upload = fileUpload('plain words', 'notes.txt');
      const added = await w.owner.client.request('POST', `/api/cards/${card.id}/files`, upload.body, upload.headers);
      return { method: 'DELETE', url: `/api/cards/${card.id}/files/${(added.json().card as Card).downloadableFiles[0]!.id}` };
    },
  },

  // ---- One contact: its owner, and members whose role may see (read) or change (manage) the team's leads
  'GET /api/contacts/:id': { allow: teamManagers, attempt: (w) => get(`/api/contacts/${w.leadId}`) },
  'GET /api/contacts/:id/vcard': { allow: teamManagers, attempt: (w) => get(`/api/contacts/${w.leadId}/vcard`) },
  'PATCH /api/contacts/:id': { allow: teamManagers, attempt: (w) => ({ method: 'PATCH', url: `/api/contacts/${w.leadId}`, body: { notes: 'Called back' } }) },
  // A scanned card's photo: the contact is the scanner's own (the owner's here), not the team's.
  'GET /api/contacts/:id/card-image': { allow: ownerOnly, attempt: async (w) => get(`/api/contacts/${await ownerScannedContact(w)}/card-image`) },
  'DELETE /api/contacts/:id': { allow: teamManagers, attempt: async (w) => ({ method: 'DELETE', url: `/api/contacts/${await freshLead(w)}` }) },
  'POST /api/contacts/bulk-delete': { allow: teamManagers, attempt: async (w) => ({ method: 'POST', url: '/api/contacts/bulk-delete', body: { ids: [await freshLead(w)] } }) },

  // ---- The team: by role permission
  'GET /api/teams/members': { allow: teamManagers, attempt: () => get('/api/teams/members') },
  'POST /api/teams/members': {
    allow: teamManagers,
    attempt: () => ({ method: 'POST', url: '/api/teams/members', body: { email: `invited-${random()}@example.com`, name: 'Invited', role: 'employee' } }),
  },
  'POST /api/teams/members/:id/resend': { allow: teamManagers, attempt: async (w) => ({ method: 'POST', url: `/api/teams/members/${await freshPendingMember(w)}/resend`, body: {} }) },
  'POST /api/teams/members/:id/revoke': { allow: teamManagers, attempt: async (w) => ({ method: 'POST', url: `/api/teams/members/${await freshPendingMember(w)}/revoke`, body: {} }) },
  'PATCH /api/teams/members/:id': {
    allow: teamManagers,
    attempt: async (w) => ({ method: 'PATCH', url: `/api/teams/members/${await freshPendingMember(w)}`, body: { role: 'employee' } }),
  },
  'DELETE /api/teams/members/:id': { allow: teamManagers, attempt: async (w) => ({ method: 'DELETE', url: `/api/teams/members/${await freshPendingMember(w)}` }) },
  // Changing what roles may do is the owner's until they hand `roles` over.
  'GET /api/teams/roles': { allow: ownerOnly, attempt: () => get('/api/teams/roles') },
  'PUT /api/teams/roles': {
    allow: ownerOnly,
    attempt: () => ({ method: 'PUT', url: '/api/teams/roles', body: { admin: defaultRolesMatrix.admin, employee: roleList([]) } }),
  },
  // The editor's wallet tabs: the team card's plan is the team's (Teams includes both wallets).
  'GET /api/cards/:id/wallet': { allow: teamManagers, attempt: (w) => get(`/api/cards/${w.card.id}/wallet`) },
  'PUT /api/cards/:id/wallet/apple': {
    allow: teamManagers,
    attempt: (w) => ({
      method: 'PUT',
      url: `/api/cards/${w.card.id}/wallet/apple`,
      body: { foregroundColor: '#111111', labelColor: '#222222', backgroundColor: '#fafafa', phones: null, emails: null, addresses: null },
    }),
  },
  'PUT /api/cards/:id/wallet/google': {
    allow: teamManagers,
    attempt: (w) => ({ method: 'PUT', url: `/api/cards/${w.card.id}/wallet/google`, body: { backgroundColor: '#fafafa', phones: null, emails: null, addresses: null } }),
  },
  'GET /api/teams/cards': { allow: teamManagers, attempt: () => get('/api/teams/cards') },
  'POST /api/teams/cards': {
    allow: teamManagers,
    attempt: (w) => ({ method: 'POST', url: '/api/teams/cards', body: { memberId: w.employee.memberId, title: 'Made by the team' } }),
  },
  'GET /api/teams/import-template/:format': { allow: teamManagers, attempt: () => get('/api/teams/import-template/csv') },
  'POST /api/teams/imports': {
    allow: teamManagers,
    attempt: () => ({
      method: 'POST',
      url: '/api/teams/imports',
      upload: fileUpload(csvFile([['Email', 'Name'], [`import-${random()}@example.com`, 'Imported']]), 'members.csv'),
    }),
  },
  'GET /api/teams/imports/:id': { allow: teamManagers, attempt: (w) => get(`/api/teams/imports/${w.importJobId}`) },

  // ---- Integrations: the settings screen works on the caller's own keys, hooks and connection
  'GET /api/integrations': { allow: signedIn, attempt: () => get('/api/integrations') },
  'DELETE /api/integrations/zapier': { allow: signedIn, attempt: () => ({ method: 'DELETE', url: '/api/integrations/zapier' }) },
  'GET /api/integrations/api-keys': { allow: signedIn, attempt: () => get('/api/integrations/api-keys') },
  'POST /api/integrations/api-keys': {
    allow: signedIn,
    attempt: () => ({ method: 'POST', url: '/api/integrations/api-keys', body: { name: `Key ${random()}`, scopes: ['cards:read'] } }),
  },
  'DELETE /api/integrations/api-keys/:id': { allow: ownerOnly, attempt: async (w) => ({ method: 'DELETE', url: `/api/integrations/api-keys/${await ownerApiKey(w)}` }) },
  'GET /api/integrations/webhooks': { allow: signedIn, attempt: () => get('/api/integrations/webhooks') },
  'POST /api/integrations/webhooks': {
    allow: signedIn,
    attempt: () => ({ method: 'POST', url: '/api/integrations/webhooks', body: { target_url: `https://93.184.215.14/${random()}`, event: 'card.updated' } }),
  },
  'DELETE /api/integrations/webhooks/:id': { allow: ownerOnly, attempt: async (w) => ({ method: 'DELETE', url: `/api/integrations/webhooks/${await ownerHook(w)}` }) },
  'GET /api/integrations/webhooks/:id/deliveries': { allow: ownerOnly, attempt: async (w) => get(`/api/integrations/webhooks/${await ownerHook(w)}/deliveries`) },
  // The consent screen: anyone signed in sees who asks; allowing needs a plan with Zapier (the owner's Teams).
  'GET /api/oauth/authorize': { allow: signedIn, attempt: () => get(`/api/oauth/authorize?${new URLSearchParams(oauthQuery).toString()}`) },
  'POST /api/oauth/authorize': { allow: ownerOnly, attempt: () => ({ method: 'POST', url: '/api/oauth/authorize', body: { ...oauthQuery, isAllowed: true } }) },
  // The token endpoint authenticates the client, not a user: open, and it answers a missing code with 400.
  'POST /api/oauth/token': publicRoute(() => ({ method: 'POST', url: '/api/oauth/token', body: { grant_type: 'authorization_code', code: 'nothing' } })),
  // The public API: bearer tokens only, so a session cookie opens none of it (integrations-api.int.test.ts
  // holds the matrix with tokens). Its description is public.
  'GET /api/v1/openapi.json': publicRoute(() => get('/api/v1/openapi.json')),
  'GET /api/v1/docs': publicRoute(() => get('/api/v1/docs')),
  'GET /api/v1/me': { allow: [], attempt: () => get('/api/v1/me') },
  'GET /api/v1/cards': { allow: [], attempt: () => get('/api/v1/cards') },
  'GET /api/v1/cards/:id': { allow: [], attempt: (w) => get(`/api/v1/cards/${w.card.id}`) },
  'GET /api/v1/contacts': { allow: [], attempt: () => get('/api/v1/contacts') },
  'GET /api/v1/contacts/:id': { allow: [], attempt: (w) => get(`/api/v1/contacts/${w.leadId}`) },
  'POST /api/v1/contacts': { allow: [], attempt: () => ({ method: 'POST', url: '/api/v1/contacts', body: { name: 'Through the API' } }) },
  'GET /api/v1/hooks': { allow: [], attempt: () => get('/api/v1/hooks') },
  'POST /api/v1/hooks': { allow: [], attempt: () => ({ method: 'POST', url: '/api/v1/hooks', body: { target_url: 'https://93.184.215.14/h', event: 'lead.created' } }) },
  'DELETE /api/v1/hooks/:id': { allow: [], attempt: async (w) => ({ method: 'DELETE', url: `/api/v1/hooks/${await ownerHook(w)}` }) },
  'GET /api/v1/hooks/:id/deliveries': { allow: [], attempt: async (w) => get(`/api/v1/hooks/${await ownerHook(w)}/deliveries`) },

  // ---- Physical cards: any signed-in person activates; the owner, and the team's managers for a team card, move or switch it
  'POST /api/physical-cards/preorders/:preorderId/activate': {
    allow: signedIn,
    attempt: async (w) => ({ method: 'POST', url: `/api/physical-cards/preorders/${await freshPreorder(w)}/activate`, body: {} }),
  },
  'GET /api/physical-cards': { allow: signedIn, attempt: () => get('/api/physical-cards') },
  'POST /api/physical-cards/:preorderId/assign': {
    allow: teamManagers,
    attempt: async (w) => ({ method: 'POST', url: `/api/physical-cards/${await freshPhysicalCard(w)}/assign`, body: { cardId: w.card.id } }),
  },
  'POST /api/physical-cards/:preorderId/state': {
    allow: teamManagers,
    attempt: async (w) => ({ method: 'POST', url: `/api/physical-cards/${await freshPhysicalCard(w)}/state`, body: { isDeactivated: true } }),
  },

  // ---- The operator console: operators only (ADMIN_EMAILS or promoted); "am I one" is every signed-in user's question
  'GET /api/admin/me': { allow: signedIn, attempt: () => get('/api/admin/me') },
  'GET /api/admin/users': operatorRoute(() => get('/api/admin/users')),
  'GET /api/admin/users/:id': operatorRoute((w) => get(`/api/admin/users/${w.stranger.userId}`)),
  'PUT /api/admin/users/:id/plan': operatorRoute((w) => ({ method: 'PUT', url: `/api/admin/users/${w.stranger.userId}/plan`, body: { plan: 'team', teamTier: 10 } })),
  'PUT /api/admin/users/:id/disabled': operatorRoute((w) => ({ method: 'PUT', url: `/api/admin/users/${w.stranger.userId}/disabled`, body: { isDisabled: true } })),
  'GET /api/admin/preorder-batches': operatorRoute(() => get('/api/admin/preorder-batches')),
  'POST /api/admin/preorder-batches': operatorRoute(() => ({ method: 'POST', url: '/api/admin/preorder-batches', body: { productId: 'nfc', productName: 'NFC', count: 2 } })),
  'GET /api/admin/preorder-batches/:id': operatorRoute(() => get('/api/admin/preorder-batches/unknown')),
  'GET /api/admin/preorder-batches/:id/csv': operatorRoute(() => get('/api/admin/preorder-batches/unknown/csv')),
  'GET /api/admin/registration-policy': operatorRoute(() => get('/api/admin/registration-policy')),
  'PUT /api/admin/registration-policy': operatorRoute(() => ({ method: 'PUT', url: '/api/admin/registration-policy', body: { mode: 'invitation', domains: [] } })),
  'GET /api/admin/requests': operatorRoute(() => get('/api/admin/requests')),
  'PUT /api/admin/requests/:id/status': operatorRoute(() => ({ method: 'PUT', url: '/api/admin/requests/unknown/status', body: { status: 'done' } })),
  'GET /api/admin/requests/:id/files/:field': operatorRoute(() => get('/api/admin/requests/unknown/files/logo')),
  'GET /api/admin/mail': operatorRoute(() => get('/api/admin/mail')),
  'GET /api/admin/jobs': operatorRoute(() => get('/api/admin/jobs')),
  'POST /api/admin/jobs/:id/retry': operatorRoute(() => ({ method: 'POST', url: '/api/admin/jobs/unknown/retry', body: {} })),
  'GET /api/admin/errors': operatorRoute(() => get('/api/admin/errors')),
  'GET /api/admin/health': operatorRoute(() => get('/api/admin/health')),
  'GET /api/admin/audit': operatorRoute(() => get('/api/admin/audit')),
};
