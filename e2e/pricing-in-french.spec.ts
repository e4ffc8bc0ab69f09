import { expect, test } from '@playwright/test';
import { expectAccessible, registerThroughApi, uniqueEmail } from './support';

/*
 * The languages issue's done-when for the pricing page: an owner who switches the app to French in Settings →
 * General reads the pricing page in French, with prices written as French writes them (in the currency the
 * server gives, with that currency's own decimals).
 */

/** An amount in a currency's minor units as `Intl` writes it in `locale`: 499 EUR in French is "4,99 €". */
function priceIn(locale: string, price: { unitAmount: number; currency: string }): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: price.currency });
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(price.unitAmount / 10 ** decimals);
}

test('an owner switches the app to French and reads the pricing page in French, with French prices', async ({ page }) => {
  await registerThroughApi(page, { name: 'Olive Owner', email: uniqueEmail('owner') });

  await page.goto('/settings');
  await page.getByLabel('Language', { exact: true }).selectOption({ label: 'Français' });
  await page.getByRole('button', { name: 'Save language and time zone' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  const answer = await page.request.get('/api/billing/prices');
  expect(answer.ok()).toBe(true);
  const { prices } = await answer.json();
  expect(prices).not.toBeNull();

  await page.goto('/subscription');
  await expect(page.getByRole('heading', { level: 1, name: 'Choisissez votre offre' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Passer' })).toBeVisible();

  const pro = page.getByRole('group', { name: 'Pro', exact: true });
  await expect(pro.getByText(priceIn('fr', prices.subscribed.month), { exact: true })).toBeVisible();
  await expect(pro.getByText('/ mois', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Basic', exact: true }).getByText('Offre actuelle')).toBeVisible();

  await page.getByText('Paiement annuel').click();
  await expect(pro.getByText(priceIn('fr', prices.subscribed.year), { exact: true })).toBeVisible();
  await expect(pro.getByText('/ an', { exact: true })).toBeVisible();
  const teams = page.getByRole('group', { name: 'Teams', exact: true });
  await expect(teams.getByText(`${priceIn('fr', { unitAmount: Math.round(prices.team.year['10'].unitAmount / 10), currency: prices.team.year['10'].currency })} par carte / an`)).toBeVisible();
  await expectAccessible(page);
});
