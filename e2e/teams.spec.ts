import * as OTPAuth from 'otpauth';
import { expect, test, type Page } from '@playwright/test';
import { googleUser } from './global-setup';
import { expectAccessible, mailboxMessagesFor, registerThroughApi, uniqueEmail } from './support';

const origin = () => ({ origin: process.env.E2E_BASE_URL! });

/** Teams of a size through the billing module's built-in test checkout (no money moves). */
async function subscribeToTeams(page: Page, size: 10 | 250) {
  const response = await page.request.post('/api/billing/checkout', { data: { plan: 'team', period: 'month', size }, headers: origin() });
  expect(response.ok(), await response.text()).toBe(true);
  await page.goto((await response.json()).url);
  await page.getByRole('button', { name: 'Complete test checkout' }).click();
  await expect(page).toHaveURL(/\/subscription\?checkout=success$/);
}

/** A toast with this text shows; it is closed so the next one is not confused with it. */
async function expectToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ has: page.getByText(text, { exact: true }) }).first();
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close toast' }).click();
  await expect(toast).toBeHidden();
}

/** The accept path of the newest invitation mail to this address (the local mailbox writes .eml files). */
async function invitationPath(email: string): Promise<string> {
  let path = '';
  await expect
    .poll(() => {
      const mails = mailboxMessagesFor(email);
      // Quoted-printable bodies wrap long lines with "=" + line break.
      const text = (mails.at(-1) ?? '').replace(/=\r?\n/g, '');
      path = /\/invite\/[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '';
      return path;
    }, { timeout: 30_000 })
    .not.toBe('');
  return path;
}

async function setEmployeeCardsPermission(page: Page, isChecked: boolean) {
  await page.goto('/settings/roles');
  const checkbox = page.getByRole('checkbox', { name: 'Employee: Manage digital cards' });
  await expect(checkbox).toBeVisible();
  // Seeing the team's leads and changing them are two permissions; admins hold both by default.
  await expect(page.getByRole('checkbox', { name: 'Admin: See contacts' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Admin: Manage contacts' })).toBeChecked();
  if (isChecked) await checkbox.check();
  else await checkbox.uncheck();
  await page.getByRole('button', { name: 'Save roles' }).click();
  await expectToast(page, 'Roles saved.');
}

test('an owner invites an employee, who joins and sees only what the role allows; the team-card routes follow the matrix', async ({ page, browser }) => {
  // Two people, two browsers and every team screen: longer than one screen's test.
  test.setTimeout(120_000);
  // The owner, on Teams.
  await registerThroughApi(page, { name: 'Olivia Owner' });
  await subscribeToTeams(page, 10);

  // Settings shows the team screens to a user who is their own team owner.
  await page.goto('/settings');
  const settingsNav = page.getByRole('navigation', { name: 'Settings' });
  await settingsNav.getByRole('link', { name: 'User management' }).click();
  await expect(page).toHaveURL(/\/settings\/user-management$/);
  await expect(page.getByRole('heading', { name: 'User management' })).toBeVisible();
  await expect(page.getByText('1 of 10')).toHaveCount(1);

  // Invite an employee.
  const employeeEmail = uniqueEmail('employee');
  await page.getByLabel('Name').fill('Emil Employee');
  await page.getByLabel('Email').fill(employeeEmail);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(page, `Invitation sent to ${employeeEmail}.`);
  const pending = page.getByRole('region', { name: /Pending invitations/ });
  await expect(pending.getByRole('rowheader', { name: new RegExp(employeeEmail) })).toBeVisible();
  await expect(pending.getByText('Pending', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The employee accepts in a second browser, with a new account.
  const acceptPath = await invitationPath(employeeEmail);
  const employeeContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const employee = await employeeContext.newPage();
  await employee.goto(acceptPath);
  await expect(employee.getByRole('heading', { name: 'Join Olivia Owner’s team' })).toBeVisible();
  await expect(employee.getByText(`Olivia Owner invited ${employeeEmail} to join Olivia Owner’s team as employee.`)).toBeVisible();
  await expectAccessible(employee);
  await employee.getByLabel('Name').fill('Emil Employee');
  await employee.getByLabel('Password').fill('correct horse battery');
  await employee.getByRole('button', { name: 'Create account and join' }).click();
  await expect(employee).toHaveURL(/\/$/);
  await expect(employee.getByRole('heading', { name: 'My cards' })).toBeVisible();

  // An employee by default: no team cards, no user management, no roles.
  const employeeNav = employee.getByRole('navigation', { name: 'Main' });
  await expect(employeeNav.getByRole('link', { name: 'Team cards' })).toHaveCount(0);
  await employee.goto('/settings');
  const employeeSettings = employee.getByRole('navigation', { name: 'Settings' });
  await expect(employeeSettings.getByRole('link', { name: 'General' })).toBeVisible();
  await expect(employeeSettings.getByRole('link', { name: 'User management' })).toHaveCount(0);
  await expect(employeeSettings.getByRole('link', { name: 'Roles' })).toHaveCount(0);
  for (const path of ['/customize/teams-cards', '/settings/user-management', '/settings/roles']) {
    await employee.goto(path);
    await expect(employee.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }

  // The owner sees the employee as accepted.
  await page.goto('/settings/user-management');
  const joined = page.getByRole('region', { name: /^Members/ });
  await expect(joined.getByRole('rowheader', { name: new RegExp(employeeEmail) })).toBeVisible();
  await expect(joined.getByText('Accepted', { exact: true })).toBeVisible();

  // The owner makes a team card for the employee, edits it and deletes it: back to the team cards.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team cards' }).click();
  await expect(page).toHaveURL(/\/customize\/teams-cards$/);
  await page.getByRole('combobox', { name: 'Member' }).click();
  await page.getByRole('option', { name: `Emil Employee (${employeeEmail})` }).click();
  await page.getByRole('button', { name: 'Create card for member' }).click();
  await expectToast(page, 'Card created!');
  await expect(page).toHaveURL(/\/customize\/teams-cards\/edit\/[A-Za-z0-9]{20}$/);
  await page.getByLabel('Job title').fill('Field engineer');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Changes saved!');
  await page.getByRole('link', { name: 'Contact info' }).click();
  await expect(page).toHaveURL(/\/customize\/teams-cards\/edit\/[A-Za-z0-9]{20}\/contact-info$/);
  await page.getByRole('link', { name: '← Team cards' }).click();
  const teamCard = page.getByRole('list', { name: 'Team cards' }).getByRole('article');
  await expect(teamCard).toHaveCount(1);
  await expect(page.getByText(`For Emil Employee (${employeeEmail})`)).toBeVisible();
  await expect(teamCard.getByText('Field engineer')).toBeVisible();
  await expectAccessible(page);

  // The employee now holds it in their own cards.
  await employee.goto('/');
  await expect(employee.getByRole('article').getByText('Field engineer')).toBeVisible();

  // The owner lets employees manage the team's cards: the routes appear for the employee.
  await setEmployeeCardsPermission(page, true);
  await employee.goto('/');
  await expect(employeeNav.getByRole('link', { name: 'Team cards' })).toBeVisible();
  await employee.goto('/customize/teams-cards');
  await expect(employee.getByRole('heading', { name: 'Team cards' })).toBeVisible();
  // Their own card is not among the team cards they manage.
  await expect(employee.getByText('The team has no cards of other members yet.')).toBeVisible();

  // And unchecks it again: the team-card routes disappear for that role.
  await setEmployeeCardsPermission(page, false);
  await employee.goto('/customize/teams-cards');
  await expect(employee.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(employeeNav.getByRole('link', { name: 'Team cards' })).toHaveCount(0);

  // Deleting the team card from its editor goes back to the team cards.
  await page.goto('/customize/teams-cards');
  await teamCard.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Delete card' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete card' }).click();
  await expectToast(page, 'Card deleted!');
  await expect(page).toHaveURL(/\/customize\/teams-cards$/);
  await expect(page.getByText('The team has no cards of other members yet.')).toBeVisible();

  await employeeContext.close();
});

test('an invited admin accepts with Google: the sign-in comes back to the invitation and joins the team', async ({ page, browser }) => {
  await registerThroughApi(page, { name: 'Gus Owner' });
  await subscribeToTeams(page, 10);
  const response = await page.request.post('/api/teams/members', { data: { email: googleUser.email, name: googleUser.name, role: 'admin' }, headers: origin() });
  expect(response.status(), await response.text()).toBe(201);
  const acceptPath = await invitationPath(googleUser.email);

  const adminContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const admin = await adminContext.newPage();
  await admin.goto(acceptPath);
  await expect(admin.getByRole('heading', { name: 'Join Gus Owner’s team' })).toBeVisible();
  await admin.getByRole('button', { name: 'Continue with Google' }).click();
  await expectToast(admin, 'Welcome to Gus Owner’s team!');
  await expect(admin).toHaveURL(/\/$/);

  // An admin by default: team cards and user management, not the roles screen.
  await expect(admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team cards' })).toBeVisible();
  await admin.goto('/settings');
  const settings = admin.getByRole('navigation', { name: 'Settings' });
  await expect(settings.getByRole('link', { name: 'User management' })).toBeVisible();
  await expect(settings.getByRole('link', { name: 'Roles' })).toHaveCount(0);
  await settings.getByRole('link', { name: 'User management' }).click();
  await expect(admin.getByRole('rowheader', { name: new RegExp(googleUser.email) })).toBeVisible();
  await admin.goto('/settings/roles');
  await expect(admin.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  // The owner sees them accepted.
  await page.goto('/settings/user-management');
  await expect(page.getByRole('region', { name: /^Members/ }).getByRole('rowheader', { name: new RegExp(googleUser.email) })).toBeVisible();
  await adminContext.close();
});

test('an invited person with two-factor on signs in to join: the code comes before the team', async ({ page, browser }) => {
  await registerThroughApi(page, { name: 'Tess Owner' });
  await subscribeToTeams(page, 10);

  const inviteeContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const invitee = await inviteeContext.newPage();
  const account = await registerThroughApi(invitee, { name: 'Tom Totp', email: uniqueEmail('totp-invitee') });
  const enabled = await invitee.request.post('/api/auth/two-factor/enable', { data: { password: account.password }, headers: origin() });
  const totp = OTPAuth.URI.parse(((await enabled.json()) as { totpURI: string }).totpURI) as OTPAuth.TOTP;
  expect((await invitee.request.post('/api/auth/two-factor/verify-totp', { data: { code: totp.generate() }, headers: origin() })).ok()).toBe(true);
  await inviteeContext.clearCookies();

  const response = await page.request.post('/api/teams/members', { data: { email: account.email, name: account.name, role: 'employee' }, headers: origin() });
  expect(response.status(), await response.text()).toBe(201);
  await invitee.goto(await invitationPath(account.email));
  await invitee.getByLabel('Password').fill(account.password);
  await invitee.getByRole('button', { name: 'Sign in and join' }).click();
  await expect(invitee.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await invitee.getByLabel('Authentication code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await invitee.getByRole('button', { name: 'Verify' }).click();
  await expectToast(invitee, 'Welcome to Tess Owner’s team!');
  await expect(invitee).toHaveURL(/\/$/);
  await inviteeContext.close();
});

test('an invitation link for another email, a revoked one and a broken one get a clear message', async ({ page, browser }) => {
  await registerThroughApi(page, { name: 'Rita Revoker' });
  await subscribeToTeams(page, 10);
  const invited = uniqueEmail('revoked');
  const response = await page.request.post('/api/teams/members', { data: { email: invited, name: 'Rev Oked', role: 'admin' }, headers: origin() });
  expect(response.status()).toBe(201);
  const acceptPath = await invitationPath(invited);

  // Someone else, signed in, opens the link.
  const otherContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const other = await otherContext.newPage();
  const someoneElse = await registerThroughApi(other, { name: 'Someone Else' });
  await other.goto(acceptPath);
  await expect(
    other.getByText(`This invitation was sent to ${invited}. You are signed in as ${someoneElse.email}: sign out and sign in with ${invited} to accept it.`),
  ).toBeVisible();

  // The owner revokes it.
  await page.goto('/settings/user-management');
  await page.getByRole('button', { name: `Revoke invitation of ${invited}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke invitation' }).click();
  await expectToast(page, `The invitation of ${invited} was revoked.`);
  await other.goto(acceptPath);
  await expect(other.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible();
  await expect(other.getByText('This invitation was withdrawn. Ask the team for a new invitation.')).toBeVisible();

  await other.goto('/invite/not-a-real-token');
  await expect(other.getByText('This invitation link is not valid. Ask the team for a new invitation.')).toBeVisible();
  await otherContext.close();
});

test('bulk import of a 200-row file with 3 bad rows shows its progress and the right report', async ({ page }) => {
  await registerThroughApi(page, { name: 'Ivan Importer' });
  await subscribeToTeams(page, 250);
  await page.goto('/settings/user-management');
  await expect(page.getByRole('heading', { name: 'Import members' })).toBeVisible();

  // The template is offered in both formats.
  const template = await page.request.get('/api/teams/import-template/csv');
  expect(template.ok()).toBe(true);
  expect(await template.text()).toContain('Email,Name,Role,Card title,Job title,Company,Phone,Address,Description');
  await expect(page.getByRole('link', { name: 'Download the Excel template' })).toHaveAttribute('href', '/api/teams/import-template/xlsx');

  const tag = Math.random().toString(16).slice(2, 8);
  const lines = ['Email,Name,Role,Job title,Phone'];
  for (let index = 1; index <= 200; index += 1) {
    if (index === 50) lines.push(`not-an-email-${tag},Bad Email,,,`);
    else if (index === 120) lines.push(`row120-${tag}@example.com,Bad Role,boss,,`);
    else if (index === 180) lines.push(`row180-${tag}@example.com,,,,`);
    else lines.push(`person${index}-${tag}@example.com,Person ${index},${index % 10 === 0 ? 'admin' : 'employee'},Role ${index},+44 20 7946 ${String(index).padStart(4, '0')}`);
  }
  await page.getByLabel('File to import').setInputFiles({ name: 'team.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) });

  const progress = page.getByRole('progressbar', { name: 'Import progress' });
  const seen = new Set<string>();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(progress).toBeVisible();
  await expect
    .poll(
      async () => {
        const now = (await progress.getAttribute('aria-valuenow')) ?? '';
        seen.add(now);
        return now;
      },
      { timeout: 60_000, intervals: [100] },
    )
    .toBe('200');
  await expect(progress).toHaveAttribute('aria-valuemax', '200');
  await expect(page.getByText('200 of 200 rows')).toBeVisible();
  // The bar moved through the rows rather than jumping from nothing to the end.
  expect([...seen].some((value) => value !== '200')).toBe(true);

  await expect(page.getByRole('status').filter({ hasText: '197 created, 0 skipped, 3 rejected' })).toBeVisible();
  const report = page.getByRole('table', { name: 'Import report' });
  const rejected = report.getByRole('row').filter({ hasText: 'Rejected' });
  await expect(rejected).toHaveCount(3);
  await expect(rejected.nth(0)).toContainText('51');
  await expect(rejected.nth(0)).toContainText('Email: Enter a valid email address');
  await expect(rejected.nth(1)).toContainText('121');
  await expect(rejected.nth(1)).toContainText('Role: Role must be admin or employee');
  await expect(rejected.nth(2)).toContainText('181');
  await expect(rejected.nth(2)).toContainText('Name: Name is required');
  await expect(report.getByRole('row').filter({ hasText: 'Created' })).toHaveCount(197);

  // The pending invitations are listed, and the seats count them.
  await expect(page.getByRole('heading', { name: 'Pending invitations (197)' })).toBeVisible();
  await expect(page.getByText('198 of 250')).toBeVisible();

  // The same file again creates nobody twice.
  await page.getByLabel('File to import').setInputFiles({ name: 'team.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '0 created, 197 skipped, 3 rejected' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Pending invitations (197)' })).toBeVisible();
});
