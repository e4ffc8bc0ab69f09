import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, mailboxMessagesFor, registerThroughApi } from './support';

/**
 * The contacts screen: manual contacts, search, edit, delete, bulk delete, leads from a card's public page,
 * the export (paid) and the new-lead email setting.
 */

const origin = () => ({ origin: process.env.E2E_BASE_URL! });

async function createContact(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post('/api/contacts', { data, headers: origin() });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).contact as { id: string; name: string };
}

async function createCard(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post('/api/cards', { data, headers: origin() });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).card as { id: string; username: string };
}

/** A paid plan through the billing module's built-in test checkout (no money moves). */
async function subscribe(page: Page) {
  const response = await page.request.post('/api/billing/checkout', { data: { plan: 'subscribed', period: 'month' }, headers: origin() });
  expect(response.ok(), await response.text()).toBe(true);
  await page.goto((await response.json()).url);
  await page.getByRole('button', { name: 'Complete test checkout' }).click();
  await expect(page).toHaveURL(/\/subscription\?checkout=success$/);
}

const contactsTable = (page: Page) => page.getByRole('table', { name: 'Contacts' });
const rowNames = async (page: Page) => (await contactsTable(page).locator('tbody tr td:nth-child(2) button').allTextContents()).map((text) => text.trim());

/** RFC 4180 rows (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (isQuoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') isQuoted = false;
      else field += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return rows;
}

test('add a contact by hand, search, edit, add notes, delete one and delete several', async ({ page }) => {
  await registerThroughApi(page, { name: 'Cora Contacts' });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByText('No contacts yet')).toBeVisible();
  await expect(page.getByText('Leads arrive from the lead form on your card’s public page', { exact: false })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add contact' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add contact' });
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(form.getByText('Enter a name or an email', { exact: true })).toBeVisible();
  await form.getByLabel('Name').fill('Mona Manual');
  await form.getByLabel('Email').fill('mona@');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  await form.getByLabel('Email').fill('mona@example.com');
  await form.getByLabel('Phone').fill('+44 20 7946 0001');
  await form.getByLabel('Company').fill('Mona Ltd');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(page.getByText('Contact added!')).toBeVisible();

  // The new contact opens in the details panel.
  const drawer = page.getByRole('dialog', { name: 'Mona Manual' });
  await expect(drawer.getByText('Added by hand')).toBeVisible();
  await expect(drawer.getByText('mona@example.com')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  await createContact(page, { name: 'Bert Builder', email: 'bert@example.com', company: 'Builders' });
  await createContact(page, { name: 'Carla Carpenter', phone: '+49 30 555 0199' });
  await page.reload();
  await expect.poll(() => rowNames(page)).toEqual(['Carla Carpenter', 'Bert Builder', 'Mona Manual']);

  await page.getByLabel('Search').fill('MONA');
  await expect.poll(() => rowNames(page)).toEqual(['Mona Manual']);
  await page.getByLabel('Search').fill('5550199');
  await expect.poll(() => rowNames(page)).toEqual(['Carla Carpenter']);
  await page.getByLabel('Search').fill('nobody at all');
  await expect(page.getByText('No contacts match your search and filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect.poll(() => rowNames(page)).toHaveLength(3);

  await contactsTable(page).getByRole('button', { name: 'Mona Manual' }).click();
  await drawer.getByRole('button', { name: 'Edit' }).click();
  const editForm = page.getByRole('dialog', { name: 'Edit contact' });
  await editForm.getByLabel('Company').fill('Mona & Daughters');
  await editForm.getByLabel('Email').fill('');
  await editForm.getByLabel('Name').fill('');
  await editForm.getByRole('button', { name: 'Save contact' }).click();
  await expect(editForm.getByText('Enter a name or an email', { exact: true })).toBeVisible();
  await editForm.getByLabel('Name').fill('Mona Manual');
  await editForm.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByText('Changes saved!').first()).toBeVisible();
  await expect(drawer.getByText('Mona & Daughters')).toBeVisible();
  await drawer.getByLabel('Notes').fill('Met at the trade fair; call in May.');
  await drawer.getByRole('button', { name: 'Save notes' }).click();
  await expect(drawer.getByRole('button', { name: 'Save notes' })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Mona Manual' }).getByLabel('Notes')).toHaveValue('Met at the trade fair; call in May.');
  // The details panel, opened from the address (as the new-lead email's link does).
  await expect(page).toHaveURL(/\/contacts\?contact=/);
  await expectAccessible(page);

  // Download one contact as a vCard.
  const vcardDownload = page.waitForEvent('download');
  await drawer.getByRole('link', { name: 'Download vCard' }).click();
  const vcard = await vcardDownload;
  expect(vcard.suggestedFilename()).toBe('Mona-Manual.vcf');
  expect(fs.readFileSync((await vcard.path())!, 'utf8')).toContain('FN:Mona Manual\r\n');

  await drawer.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Delete this contact?' }));
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Contact deleted!')).toBeVisible();
  await expect.poll(() => rowNames(page)).toEqual(['Carla Carpenter', 'Bert Builder']);

  await contactsTable(page).getByLabel('Select all contacts on this page').check();
  await expect(page.getByText('2 contacts selected')).toBeVisible();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('dialog', { name: 'Delete 2 contacts?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 contacts deleted!')).toBeVisible();
  await expect(page.getByText('No contacts yet')).toBeVisible();
});

test('a visitor’s lead from the card page appears in the owner’s list, with its card and consent, and an email', async ({ page }) => {
  const owner = await registerThroughApi(page, { name: 'Lena Leads' });
  const card = await createCard(page, { title: 'Trade fair card', name: 'Lena Leads' });
  const lead = await page.request.post(`/id/${card.id}/lead`, {
    data: { name: 'Vera Visitor', email: 'vera@example.com', company: 'Visitors Inc', message: 'Please call me.', consent: true },
    // The page script's fetch sends its Origin; a request with this browser's cookie but no Origin is refused.
    headers: { accept: 'application/json', origin: process.env.E2E_BASE_URL! },
  });
  expect(lead.status(), await lead.text()).toBe(201);
  expect(await lead.json()).toEqual({ message: 'Thank you for submitting the form!' });

  await page.goto('/contacts');
  await expect.poll(() => rowNames(page)).toEqual(['Vera Visitor']);
  await expect(contactsTable(page).getByText('Trade fair card')).toBeVisible();
  await page.getByRole('button', { name: 'Vera Visitor' }).click();
  const drawer = page.getByRole('dialog', { name: 'Vera Visitor' });
  await expect(drawer.getByText('Please call me.')).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Trade fair card' })).toHaveAttribute('href', `/id/${card.username}/`);
  await expect(drawer.getByText(/^Given on /)).toBeVisible();

  // The filters: by card and by kind.
  await drawer.getByRole('button', { name: 'Close' }).click();
  await createContact(page, { name: 'Manual Max' });
  await page.reload();
  await expect.poll(() => rowNames(page)).toEqual(['Manual Max', 'Vera Visitor']);
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Lead', exact: true }).click();
  await expect.poll(() => rowNames(page)).toEqual(['Vera Visitor']);
  await expect(page).toHaveURL(/kind=lead/);

  // The new-lead email, with a link that opens the contact.
  await expect.poll(() => mailboxMessagesFor(owner.email).filter((mail) => mail.includes('New lead')).length, { timeout: 30_000 }).toBe(1);
  const mail = mailboxMessagesFor(owner.email).find((message) => message.includes('New lead'))!;
  const link = /\/contacts\?contact=([0-9a-f-]{36})/.exec(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
  expect(link).not.toBeNull();
  await page.goto(`/contacts?contact=${link![1]}`);
  await expect(page.getByRole('dialog', { name: 'Vera Visitor' })).toBeVisible();

  // On a phone the list is cards, not a table.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/contacts');
  await expect(contactsTable(page)).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: 'Vera Visitor' })).toBeVisible();
  await expectAccessible(page);
});

test('the new lead email can be turned off in settings', async ({ page }) => {
  await registerThroughApi(page);
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: /New lead emails/ });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText('Changes saved!')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: /New lead emails/ })).not.toBeChecked();
  expect(await (await page.request.get('/api/account/notifications')).json()).toEqual({ isNewLeadEmailOn: false });
});

test('a Basic user sees the paid overlay on export and the server refuses the file', async ({ page }) => {
  await registerThroughApi(page);
  await createContact(page, { name: 'Someone' });
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export contacts' });
  await expect(dialog.getByRole('heading', { name: 'This is a Paid feature' })).toBeVisible();
  await expect(dialog.getByText('Upgrade your account to use this feature')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
  await expectAccessible(page);
  expect((await page.request.get('/api/contacts/export/csv')).status()).toBe(403);
});

test('a paid user exports the current filter as CSV and Excel, and the rows match the list', async ({ page }) => {
  await registerThroughApi(page, { name: 'Paula Paid' });
  await subscribe(page);
  await createContact(page, { name: 'Alice Apple', email: 'alice@example.com', company: 'Apple, Pears & Co', notes: 'Line one\nline two' });
  await createContact(page, { name: '=HYPERLINK("http://evil.example")', email: 'evil@example.com' });
  await createContact(page, { name: 'Bob Banana', phone: '+1 555 0100' });

  await page.goto('/contacts?sort=name');
  await expect.poll(() => rowNames(page)).toHaveLength(3);
  const listed = await rowNames(page);

  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export contacts' });
  const csvDownload = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download CSV' }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(fs.readFileSync((await csvFile.path())!, 'utf8').replace(/^\uFEFF/, ''));
  expect(rows[0]!.slice(0, 5)).toEqual(['Name', 'Email', 'Phone', 'Company', 'Job title']);
  const exportedNames = rows.slice(1).map((row) => row[0]!);
  // Same rows, same order; the formula-looking name is neutralised with an apostrophe.
  expect(exportedNames).toEqual(listed.map((name) => (name.startsWith('=') ? `'${name}` : name)));
  const alice = rows.find((row) => row[0] === 'Alice Apple')!;
  expect(alice[3]).toBe('Apple, Pears & Co');
  expect(alice[rows[0]!.indexOf('Notes')]).toBe('Line one\nline two');
  // A phone number stays as typed: a leading + before a phone number's characters is no formula (decision 0051).
  expect(rows.find((row) => row[0] === 'Bob Banana')![2]).toBe('+1 555 0100');

  await page.getByRole('button', { name: 'Export' }).click();
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('dialog', { name: 'Export contacts' }).getByRole('link', { name: 'Download Excel' }).click();
  const xlsxFile = await xlsxDownload;
  expect(xlsxFile.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsxFile.path())!);
  const sheet = workbook.getWorksheet('Contacts')!;
  const sheetNames: string[] = [];
  sheet.eachRow((row, index) => {
    if (index > 1) sheetNames.push(String(row.getCell(1).value));
  });
  expect(sheetNames).toEqual(listed);

  // A search narrows the export too.
  await page.keyboard.press('Escape');
  await page.getByLabel('Search').fill('banana');
  await expect.poll(() => rowNames(page)).toEqual(['Bob Banana']);
  await page.getByRole('button', { name: 'Export' }).click();
  const filteredDownload = page.waitForEvent('download');
  await page.getByRole('dialog', { name: 'Export contacts' }).getByRole('link', { name: 'Download CSV' }).click();
  const filtered = parseCsv(fs.readFileSync((await (await filteredDownload).path())!, 'utf8').replace(/^\uFEFF/, ''));
  expect(filtered.slice(1).map((row) => row[0])).toEqual(['Bob Banana']);
});
