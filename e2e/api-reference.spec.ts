import { expect, test } from '@playwright/test';

/*
 * The public API's reference page: Scalar's viewer, served by this server (no CDN, no outside fonts), under the
 * app's Content-Security-Policy, showing the operations of the document the routes make.
 */

test("shows the API reference from this server alone, within the page's policy", async ({ page }) => {
  const base = new URL(process.env.E2E_BASE_URL!);
  const elsewhere: string[] = [];
  const policyViolations: string[] = [];
  const isElsewhere = (address: string) => {
    const url = new URL(address);
    return !['data:', 'blob:'].includes(url.protocol) && url.host !== base.host;
  };
  // Nothing reaches another server: the viewer's stylesheet still names fonts on Scalar's servers, and the page's
  // policy refuses them before they leave the browser. Any other refusal would be a part of the viewer that does not work.
  page.on('response', (response) => {
    if (isElsewhere(response.url())) elsewhere.push(response.url());
  });
  page.on('requestfailed', (request) => {
    if (isElsewhere(request.url()) && request.failure()?.errorText !== 'csp') elsewhere.push(`${request.url()}: ${request.failure()?.errorText}`);
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()) && !/font-src/.test(message.text())) policyViolations.push(message.text());
  });

  await page.goto('/api/v1/docs');
  await expect(page.getByRole('heading', { name: 'Cards public API' }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('List contacts and leads').first()).toBeVisible();
  await expect(page.getByText('Subscribe a URL to an event').first()).toBeVisible();
  await expect(page.getByText('Exchange a code or a refresh token for tokens').first()).toBeVisible();
  expect(elsewhere).toEqual([]);
  expect(policyViolations).toEqual([]);
});
