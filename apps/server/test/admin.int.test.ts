import * as OTPAuth from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminTexts } from '@cardstack/shared/admin/schemas';
import { runAdminCommand } from '../src/modules/admin/admin-module';
import { bearer, createKey } from './integrations-support';
import { createTestApp, outboxMail, testOrigin, TestClient, type TestApp } from './test-app';
import { SoftwareAuthenticator } from './webauthn-authenticator';

/*
 * The operator console: only operators (ADMIN_EMAILS once confirmed, or promoted with the CLI) get past any
 * /api/admin route; every change they make is in the audit log with before and after; a disabled account is
 * signed out and cannot sign in; the registration policy holds at sign-up; the CLI does what its usage says.
 */

const operatorEmail = 'root@example.com';
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ ADMIN_EMAILS: `${operatorEmail}, other-op@example.com` });
});
afterEach(async () => {
  await t.close();
});

async function operator() {
  const client = new TestClient(t.app);
  const account = await client.register({ email: operatorEmail, name: 'Root' });
  return { client, ...account };
}

async function person(email?: string) {
  const client = new TestClient(t.app);
  const account = await client.register(email ? { email } : {});
  return { client, ...account };
}

const auditRows = () => t.services.database.db.selectFrom('admin_audit_log').selectAll().orderBy('created_at').execute();

/** Every admin route with a valid request: refused for everyone but operators, before anything is read. */
const adminRequests = (userId: string): [string, string, unknown?][] => [
  ['GET', '/api/admin/users?search=a'],
  ['GET', `/api/admin/users/${userId}`],
  ['PUT', `/api/admin/users/${userId}/plan`, { plan: 'subscribed' }],
  ['PUT', `/api/admin/users/${userId}/disabled`, { isDisabled: true }],
  ['GET', '/api/admin/preorder-batches'],
  ['POST', '/api/admin/preorder-batches', { productId: 'p', productName: 'P', count: 1 }],
  ['GET', '/api/admin/preorder-batches/some-id'],
  ['GET', '/api/admin/preorder-batches/some-id/csv'],
  ['GET', '/api/admin/registration-policy'],
  ['PUT', '/api/admin/registration-policy', { mode: 'invitation', domains: [] }],
  ['GET', '/api/admin/requests'],
  ['PUT', '/api/admin/requests/some-id/status', { status: 'done' }],
  ['GET', '/api/admin/requests/some-id/files/logo'],
  ['GET', '/api/admin/mail'],
  ['GET', '/api/admin/jobs'],
  ['POST', '/api/admin/jobs/some-id/retry', {}],
  ['GET', '/api/admin/errors'],
  ['GET', '/api/admin/health'],
  ['GET', '/api/admin/audit'],
];

describe('who reaches the console', () => {
  it('refuses signed-out callers (401), ordinary users and unconfirmed ADMIN_EMAILS owners (403), and changes nothing', async () => {
    const someone = await person();
    const unconfirmed = new TestClient(t.app);
    await unconfirmed.register({ email: 'other-op@example.com', verified: false });
    for (const [method, url, body] of adminRequests(someone.userId)) {
      const anonymous = await new TestClient(t.app).request(method as 'GET', url, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      for (const client of [someone.client, unconfirmed]) {
        const refused = await client.request(method as 'GET', url, body);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json().error.message).toBe(adminTexts.notAdmin);
      }
    }
    expect((await someone.client.get('/api/admin/me')).json()).toEqual({ isAdmin: false });
    expect(await auditRows()).toEqual([]);
    expect(await t.services.database.db.selectFrom('preorder_batch').selectAll().execute()).toEqual([]);
    expect((await t.services.database.db.selectFrom('user').select('plan').where('id', '=', someone.userId).executeTakeFirstOrThrow()).plan).toBe('basic');
  });

  it('lets a confirmed ADMIN_EMAILS owner and a promoted user in', async () => {
    const root = await operator();
    expect((await root.client.get('/api/admin/me')).json()).toEqual({ isAdmin: true });
    for (const [method, url] of adminRequests(root.userId).filter(([m, u]) => m === 'GET' && !u.includes('some-id'))) {
      expect((await root.client.request(method as 'GET', url)).statusCode, url).toBe(200);
    }
    const promoted = await person('helper@example.com');
    const lines: string[] = [];
    expect(await runAdminCommand(t.services.admin, ['promote', 'helper@example.com'], (line) => lines.push(line))).toBe(0);
    expect((await promoted.client.get('/api/admin/users')).statusCode).toBe(200);
    const [promotion] = await auditRows();
    expect(promotion).toMatchObject({ actor_email: 'command line', action: 'user.promote', target_id: promoted.userId });
  });

  it('reset-two-factor turns two-factor sign-in and passkeys off for someone who lost their phone, ends their sessions, mails and audits', async () => {
    const lost = await person('lost.phone@example.com');
    const enabled = await lost.client.post('/api/auth/two-factor/enable', { password: lost.password });
    const totp = OTPAuth.URI.parse((enabled.json() as { totpURI: string }).totpURI) as OTPAuth.TOTP;
    expect((await lost.client.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).statusCode).toBe(200);
    const options = await lost.client.post('/api/auth/passkey/registration-options', { password: lost.password });
    const authenticator = new SoftwareAuthenticator(testOrigin);
    expect((await lost.client.post('/api/auth/passkey/register', { name: 'Old phone', response: authenticator.create(options.json()) })).statusCode).toBe(200);
    expect((await new TestClient(t.app).signIn('lost.phone@example.com', lost.password)).json()).toMatchObject({ twoFactorRedirect: true });

    const lines: string[] = [];
    expect(await runAdminCommand(t.services.admin, ['reset-two-factor', 'Lost.Phone@example.com'], (line) => lines.push(line))).toBe(0);
    expect(lines.at(-1)).toBe(
      'lost.phone@example.com: two-factor sign-in is off (it was on), 1 passkey removed, every session ended. The user was mailed; they sign in with their password and can turn two-factor sign-in on again in Settings.',
    );
    expect((await lost.client.get('/api/me')).statusCode).toBe(401);
    const again = new TestClient(t.app);
    expect((await again.signIn('lost.phone@example.com', lost.password)).json()).not.toMatchObject({ twoFactorRedirect: true });
    expect((await again.get('/api/me')).json()).toMatchObject({ twoFactorEnabled: false });
    expect((await again.get('/api/account/passkeys')).json()).toEqual({ passkeys: [] });
    expect((await outboxMail(t, 'lost.phone@example.com', 'security-notice')).data).toMatchObject({ change: 'two-factor-disabled' });
    const [reset] = (await auditRows()).filter((row) => row.action === 'user.reset-two-factor');
    expect(reset).toMatchObject({ actor_email: 'command line', target_id: lost.userId });
    expect(JSON.parse(reset!.before!)).toEqual({ twoFactorEnabled: true, passkeys: 1 });

    expect(await runAdminCommand(t.services.admin, ['reset-two-factor', 'nobody@example.com'], (line) => lines.push(line))).toBe(1);
    expect(lines.at(-1)).toBe('No account has the address nobody@example.com.');
  });

  it('demote takes a promotion back; an ADMIN_EMAILS address stays an operator and the CLI says so', async () => {
    const root = await operator();
    const helper = await person('helper@example.com');
    const lines: string[] = [];
    const say = (line: string) => lines.push(line);
    expect(await runAdminCommand(t.services.admin, ['promote', 'helper@example.com'], say)).toBe(0);
    expect(await runAdminCommand(t.services.admin, ['demote', 'Helper@Example.com'], say)).toBe(0);
    expect(lines.at(-1)).toBe('helper@example.com is no longer an operator: /admin is closed to them.');
    expect((await helper.client.get('/api/admin/users')).statusCode).toBe(403);
    expect((await helper.client.get('/api/admin/me')).json()).toEqual({ isAdmin: false });
    const demotion = (await auditRows()).filter((row) => row.action === 'user.demote');
    expect(demotion).toHaveLength(1);
    expect(demotion[0]).toMatchObject({ actor_email: 'command line', target_id: helper.userId });
    expect([JSON.parse(demotion[0]!.before!), JSON.parse(demotion[0]!.after!)]).toEqual([{ isAdmin: true }, { isAdmin: false }]);

    expect(await runAdminCommand(t.services.admin, ['demote', 'helper@example.com'], say)).toBe(0);
    expect(lines.at(-1)).toBe('helper@example.com was not an operator; nothing changed.');
    expect(await runAdminCommand(t.services.admin, ['demote', operatorEmail], say)).toBe(1);
    expect(lines.at(-1)).toBe(`${operatorEmail} is still an operator: ADMIN_EMAILS lists the address. Remove it there and restart the server.`);
    expect((await root.client.get('/api/admin/users')).statusCode).toBe(200);
    expect(await runAdminCommand(t.services.admin, ['demote', 'nobody@example.com'], say)).toBe(1);
    expect(lines.at(-1)).toBe('No account has the address nobody@example.com.');
    expect((await auditRows()).filter((row) => row.action === 'user.demote')).toHaveLength(1);
  });
});

describe('users', () => {
  it('search, plan override with card_limitation, taking it back: each audited with before and after', async () => {
    const root = await operator();
    const customer = await person('customer@example.com');
    const found = (await root.client.get('/api/admin/users?search=CUSTOMER')).json();
    expect(found.users.map((user: { email: string }) => user.email)).toEqual(['customer@example.com']);

    const granted = await root.client.request('PUT', `/api/admin/users/${customer.userId}/plan`, { plan: 'team', teamTier: 10, cardLimitation: 3 });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().user).toMatchObject({ plan: 'team', cardLimitation: 3, operatorGrant: { plan: 'team', teamTier: 10, cardLimitation: 3 } });
    expect((await customer.client.get('/api/me')).json().plan).toBe('team');
    // The allowance follows card_limitation: three cards, not a fourth.
    for (const title of ['a', 'b', 'c']) expect((await customer.client.post('/api/cards', { title })).statusCode).toBe(201);
    expect((await customer.client.post('/api/cards', { title: 'd' })).statusCode).toBe(403);

    const back = await root.client.request('PUT', `/api/admin/users/${customer.userId}/plan`, { plan: 'basic' });
    expect(back.json().user).toMatchObject({ plan: 'basic', operatorGrant: null });

    const rows = await auditRows();
    expect(rows.map((row) => [row.action, row.actor_email, row.target_id])).toEqual([
      ['user.plan', operatorEmail, customer.userId],
      ['user.plan', operatorEmail, customer.userId],
    ]);
    expect(JSON.parse(rows[0]!.before!)).toEqual({ plan: 'basic', grant: null });
    expect(JSON.parse(rows[0]!.after!)).toEqual({ grant: { plan: 'team', teamTier: 10, cardLimitation: 3 } });
    expect(JSON.parse(rows[1]!.after!)).toEqual({ grant: null });
    expect((await root.client.get('/api/admin/audit')).json().entries).toHaveLength(2);
  });

  it('a grant outlives a purchase through the test checkout; taken back, the user keeps what they pay for', async () => {
    const root = await operator();
    const customer = await person('buyer@example.com');
    expect((await root.client.request('PUT', `/api/admin/users/${customer.userId}/plan`, { plan: 'team', teamTier: 10 })).statusCode).toBe(200);
    const checkout = await customer.client.post('/api/billing/checkout', { plan: 'subscribed', period: 'month' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect((await customer.client.request('POST', `${new URL(checkout.json().url).pathname}/complete`)).statusCode).toBe(303);
    // The better of the two is in force: the grant.
    const withBoth = (await root.client.get(`/api/admin/users/${customer.userId}`)).json().user;
    expect(withBoth).toMatchObject({ plan: 'team', operatorGrant: { plan: 'team', teamTier: 10 } });
    expect((await customer.client.get('/api/me')).json().plan).toBe('team');

    expect((await root.client.request('PUT', `/api/admin/users/${customer.userId}/plan`, { plan: 'basic' })).statusCode).toBe(200);
    expect((await customer.client.get('/api/me')).json().plan).toBe('subscribed');
  });

  it('a disabled account is signed out everywhere, cannot sign in and its API keys stop working; enabled again it can', async () => {
    const root = await operator();
    const customer = await person();
    expect((await customer.client.get('/api/me')).statusCode).toBe(200);
    const { token } = await createKey(customer.client, ['contacts:read']);
    const viaKey = () => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
    expect((await viaKey()).statusCode).toBe(200);
    expect((await root.client.request('PUT', `/api/admin/users/${customer.userId}/disabled`, { isDisabled: true })).statusCode).toBe(200);
    expect((await customer.client.get('/api/me')).statusCode).toBe(401);
    const signIn = await new TestClient(t.app).signIn(customer.email, customer.password);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.body).toContain('This account has been disabled');
    expect((await viaKey()).statusCode).toBe(401);

    expect((await root.client.request('PUT', `/api/admin/users/${root.userId}/disabled`, { isDisabled: true })).statusCode).toBe(400);
    expect((await root.client.request('PUT', `/api/admin/users/${customer.userId}/disabled`, { isDisabled: false })).statusCode).toBe(200);
    expect((await new TestClient(t.app).signIn(customer.email, customer.password)).statusCode).toBe(200);
    expect((await viaKey()).statusCode).toBe(200);
    expect((await auditRows()).map((row) => row.action)).toEqual(['user.disable', 'user.enable']);
  });
});

describe('pre-order batches', () => {
  it('creates a batch, shows which are activated and downloads the CSV of addresses and QR codes', async () => {
    const root = await operator();
    const created = await root.client.post('/api/admin/preorder-batches', { productId: 'nfc-white', productName: 'White card', count: 3 });
    expect(created.statusCode, created.body).toBe(201);
    const { batch, preorders } = created.json();
    expect(batch).toMatchObject({ productId: 'nfc-white', productName: 'White card', count: 3, activatedCount: 0 });
    expect(preorders).toHaveLength(3);
    for (const preorder of preorders) expect(preorder.id).toMatch(/^[A-Za-z0-9]{24}$/);

    const customer = await person();
    expect((await customer.client.post(`/api/physical-cards/preorders/${preorders[0].id}/activate`)).statusCode).toBe(200);
    const listed = (await root.client.get('/api/admin/preorder-batches')).json().batches;
    expect(listed[0]).toMatchObject({ id: batch.id, activatedCount: 1 });

    const csv = await root.client.get(`/api/admin/preorder-batches/${batch.id}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,url,qr');
    expect(lines).toHaveLength(4);
    const [id, url, qr] = lines[1]!.split(',');
    expect(url).toBe(`http://localhost:3000/id/${id}/?src=nfc`);
    const notYetActivated = lines[2]!.split(',')[1]!.replace('http://localhost:3000', '');
    expect((await t.app.inject({ method: 'GET', url: notYetActivated })).body).toContain('Activate this card');
    const qrResponse = await t.app.inject({ method: 'GET', url: qr!.replace('http://localhost:3000', '') });
    expect(qrResponse.statusCode).toBe(200);
    expect(qrResponse.headers['content-type']).toBe('image/svg+xml');
    expect((await auditRows()).map((row) => row.action)).toEqual(['preorders.create']);
  });

  it('the CLI prints id,url and one row per pre-order', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCommand(t.services.admin, ['preorders', 'create', '--product-id', 'nfc-black', '--product-name', 'Black card', '--count', '2'], (l) => out.push(l), (l) => err.push(l));
    expect(code).toBe(0);
    const lines = out.join('\n').split('\n');
    expect(lines[0]).toBe('id,url');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^[A-Za-z0-9]{24},http:\/\/localhost:3000\/id\/[A-Za-z0-9]{24}\/\?src=nfc$/);
    expect(await runAdminCommand(t.services.admin, ['preorders', 'create', '--product-id', 'x', '--count', 'many'], () => undefined, () => undefined)).toBe(2);

    await person('listed@example.com');
    const users: string[] = [];
    expect(await runAdminCommand(t.services.admin, ['users', 'list'], (l) => users.push(l), () => undefined)).toBe(0);
    expect(users.join('\n')).toContain('listed@example.com');
  });
});

describe('the registration policy', () => {
  it('invitation only and listed domains hold at sign-up; operators and invited addresses still get in', async () => {
    const root = await operator();
    const owner = await person();
    const signUp = (email: string) => new TestClient(t.app).post('/api/auth/sign-up/email', { name: 'New', email, password: 'correct horse battery' });

    expect((await root.client.request('PUT', '/api/admin/registration-policy', { mode: 'domains', domains: [] })).statusCode).toBe(400);
    expect((await root.client.request('PUT', '/api/admin/registration-policy', { mode: 'invitation', domains: [] })).statusCode).toBe(200);
    const refused = await signUp('outsider@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(adminTexts.invitationOnly);
    expect(await t.services.database.db.selectFrom('user').select('id').where('email', '=', 'outsider@example.com').executeTakeFirst()).toBeUndefined();
    expect((await signUp('other-op@example.com')).statusCode).toBe(200);

    // An invited address gets in: the team owner invites it.
    expect((await root.client.request('PUT', `/api/admin/users/${owner.userId}/plan`, { plan: 'team', teamTier: 10 })).statusCode).toBe(200);
    const invited = await owner.client.post('/api/teams/members', { email: 'invitee@example.com', name: 'Invitee', role: 'employee' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await signUp('invitee@example.com')).statusCode).toBe(200);

    expect((await root.client.request('PUT', '/api/admin/registration-policy', { mode: 'domains', domains: ['Staff.example.org'] })).statusCode).toBe(200);
    expect((await signUp('someone@staff.example.org')).statusCode).toBe(200);
    expect((await signUp('someone@elsewhere.example')).body).toContain(adminTexts.domainNotAllowed);

    const actions = (await auditRows()).map((row) => row.action);
    expect(actions).toEqual(['registration-policy.set', 'user.plan', 'registration-policy.set']);
  });
});

describe('requests, jobs and health', () => {
  it('the operator sees a custom design request, changes its status (audited) and opens its file', async () => {
    const root = await operator();
    const sent = await new TestClient(t.app).post('/api/design-requests/quote', { name: 'Ann', email: 'ann@example.com', company: 'Big Co', cardCount: 400 });
    expect(sent.statusCode).toBe(201);
    const [request] = (await root.client.get('/api/admin/requests')).json().requests;
    expect(request).toMatchObject({ kind: 'quote', status: 'new', company: 'Big Co', details: { cardCount: 400 } });
    expect((await root.client.request('PUT', `/api/admin/requests/${request.id}/status`, { status: 'in-progress' })).statusCode).toBe(200);
    expect((await root.client.get('/api/admin/requests?status=in-progress')).json().requests).toHaveLength(1);
    const [row] = await auditRows();
    expect(row).toMatchObject({ action: 'quote.status', target_id: request.id, before: '{"status":"new"}', after: '{"status":"in-progress"}' });
    expect((await root.client.get(`/api/admin/requests/${request.id}/files/logo`)).statusCode).toBe(404);

    const health = (await root.client.get('/api/admin/health')).json();
    expect(health.database.isReachable).toBe(true);
    expect(health.storage.isReachable).toBe(true);
    const jobs = (await root.client.get('/api/admin/jobs')).json();
    expect(jobs.jobs.some((job: { kind: string }) => job.kind === 'mail.send')).toBe(true);
    expect((await root.client.post('/api/admin/jobs/not-a-job/retry')).statusCode).toBe(409);
    expect((await root.client.get('/api/admin/mail')).json().mails.length).toBeGreaterThan(0);
  });
});
