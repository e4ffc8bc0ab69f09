import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startAppServer, type AppServer } from './global-setup';
import { expectAccessible, mailLinkFor, registerThroughApi } from './support';

/**
 * Moving an account: "Download my data" in Settings → General builds the archive, the mail links back to Settings and
 * the link there gives the ZIP; "Import from another server", on a second server started here from the same build,
 * takes it and shows the report. The second server is at 127.0.0.1, so its session cookie stays apart from the
 * first's (localhost).
 */

const origin = () => ({ origin: process.env.E2E_BASE_URL! });

let otherServer: AppServer;
test.beforeAll(async () => {
  otherServer = await startAppServer({}, '127.0.0.1');
});
test.afterAll(async () => {
  await otherServer?.stop();
});

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

  // The other server: a new account there takes the archive; the card keeps its username (free there).
  await registerThroughApi(page, { name: 'Ada Moved' }, otherServer);
  await page.goto(`${otherServer.baseUrl}/settings`);
  const importPanel = page.getByRole('region', { name: 'Import from another server' });
  await importPanel.getByLabel('Archive (.zip)').setInputFiles({ name: 'account-data.zip', mimeType: 'application/zip', buffer: zip });
  const report = importPanel.getByRole('status');
  await expect(report).toContainText(`Imported from ${process.env.E2E_BASE_URL!}`, { timeout: 30_000 });
  await expect(report).toContainText('Cards: 1');
  await expectAccessible(page);
  const cards = (await (await page.request.get(`${otherServer.baseUrl}/api/cards`)).json()).cards as { title: string; id: string; username: string }[];
  expect(cards.map((moved) => moved.title)).toEqual(['Archived card']);
  expect(cards[0]!.id).not.toBe(card.id);
  expect(cards[0]!.username).toBe(username);
  // Its public page there shows the card.
  await page.goto(`${otherServer.baseUrl}/id/${username}/`);
  await expect(page.getByRole('heading', { name: 'Ada Archive' })).toBeVisible();
  await page.goto(`${otherServer.baseUrl}/settings`);

  // Something that is not an archive is refused with a message.
  await importPanel.getByLabel('Archive (.zip)').setInputFiles({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') });
  await expect(importPanel.getByRole('alert')).toHaveText('This file is not a readable ZIP archive.');
});
