import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, registerThroughApi } from './support';

/**
 * "Import contacts" on the contacts screen: a vCard file is checked (the preview names the refused card and the
 * duplicate, with a choice for it), imported with a progress bar, and undone.
 */

const origin = () => ({ origin: process.env.E2E_BASE_URL! });

async function createContact(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post('/api/contacts', { data, headers: origin() });
  expect(response.status(), await response.text()).toBe(201);
}

async function contactNames(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/contacts?sort=name&pageSize=100');
  return ((await response.json()) as { contacts: { name: string }[] }).contacts.map((contact) => contact.name);
}

const card = (...lines: string[]) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD'].join('\r\n');

test('import a vCard file with the preview and the progress bar, then undo it', async ({ page }) => {
  await registerThroughApi(page, { name: 'Ida Importer' });
  await createContact(page, { name: 'Ada Kept', email: 'ada@example.com' });
  const many = Array.from({ length: 1200 }, (_, index) => card(`FN:Person ${String(index).padStart(4, '0')}`, `EMAIL:person${index}@example.com`));
  const file = [card('FN:Ada Lovelace', 'EMAIL:ada@example.com', 'ORG:Engines'), card('ORG:Nobody'), ...many].join('\r\n');

  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Import contacts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import contacts' });
  await dialog.getByLabel('File').setInputFiles({ name: 'contacts.vcf', mimeType: 'text/vcard', buffer: Buffer.from(file) });
  await dialog.getByRole('button', { name: 'Check the file' }).click();

  // The preview: what can be imported, the refused card with its reason, and a choice for the duplicate.
  await expect(dialog.getByText('Line 7: Enter a name or an email')).toBeVisible();
  await expect(dialog.getByText('contacts.vcf')).toBeVisible();
  await expect(dialog.getByText('1,201', { exact: true })).toBeVisible();
  const byEmail = dialog.getByRole('group', { name: 'Matching a contact you have by email: 1' });
  await byEmail.getByLabel(/^Merge/).check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  // The progress bar follows the job, then the counts.
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  const finished = dialog.getByRole('status').filter({ hasText: 'Import finished' });
  await expect(finished).toBeVisible({ timeout: 30_000 });
  await expect(finished).toContainText('New contacts1,200');
  await expect(finished).toContainText('Merged1');
  await expect.poll(async () => (await contactNames(page)).length).toBe(100);

  await dialog.getByRole('button', { name: 'Undo this import' }).click();
  await expect(dialog.getByRole('status')).toHaveText('The import was undone.');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect.poll(() => contactNames(page)).toEqual(['Ada Kept']);
  await expect(page.getByRole('table', { name: 'Contacts' }).getByText('Ada Kept')).toBeVisible();
});
