import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, mailLinkFor, registerThroughApi } from './support';

/**
 * Moving an account: "Download my data" in Settings → General builds the archive, the mail links back to Settings and
 * the link there gives the ZIP; "Import from another server" takes it and shows the report. The browser tests run one
 * server, so the archive is imported into a second account on the same server (the integration tests import it on a
 * second app instance): its username is taken here, which the report says.
 */

const origin = () => ({ origin: process.env.E2E_BASE_URL! });

async function createCard(page: Page, data: Record<string, unknown>): Promise<{ id: string }> {
  const response = await page.request.post('/api/cards', { data, headers: origin() });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).card as { id: string };
}

test('download my data, then import it from another server', async ({ page }) => {
  const ada = await registerThroughApi(page, { name: 'Ada Archive' });
  const card = await createCard(page, { title: 'Archived card', name: 'Ada Archive', jobTitle: 'Analyst' });
  const username = `ada-archive-${Date.now().toString(36)}`;
  expect((await page.request.put(`/api/cards/${card.id}/username`, { data: { username }, headers: origin() })).ok()).toBe(true);

  await page.goto('/settings');
  const exportPanel = page.getByRole('region', { name: 'Your data' });
  await exportPanel.getByRole('button', { name: 'Download my data' }).click();
  await expect(exportPanel.getByText(/^Ready until/)).toBeVisible({ timeout: 30_000 });

  // The mail says it is ready and links to Settings, where the signed-in owner downloads it.
  const settingsLink = await mailLinkFor(ada.email, /https?:\/\/[^\s"<]+\/settings/);
  await page.goto(new URL(settingsLink).pathname);
  await expectAccessible(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Your data' }).getByRole('link', { name: 'Download the archive' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^account-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = fs.readFileSync((await download.path())!);
  expect(zip.subarray(0, 2).toString()).toBe('PK');

  // Another account takes the archive.
  await page.context().clearCookies();
  await registerThroughApi(page, { name: 'Ada Moved' });
  await page.goto('/settings');
  const importPanel = page.getByRole('region', { name: 'Import from another server' });
  await importPanel.getByLabel('Archive (.zip)').setInputFiles({ name: 'account-data.zip', mimeType: 'application/zip', buffer: zip });
  const report = importPanel.getByRole('status');
  await expect(report).toContainText(`Imported from ${process.env.E2E_BASE_URL!}`, { timeout: 30_000 });
  await expect(report).toContainText('Cards: 1');
  await expect(report).toContainText(`The username “${username}” is taken here`);
  await expectAccessible(page);
  const cards = (await (await page.request.get('/api/cards')).json()).cards as { title: string; id: string }[];
  expect(cards.map((moved) => moved.title)).toEqual(['Archived card']);
  expect(cards[0]!.id).not.toBe(card.id);

  // Something that is not an archive is refused with a message.
  await importPanel.getByLabel('Archive (.zip)').setInputFiles({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') });
  await expect(importPanel.getByRole('alert')).toHaveText('This file is not a readable ZIP archive.');
});
