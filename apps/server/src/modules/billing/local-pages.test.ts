import { describe, expect, it } from 'vitest';
import type { BillingStatus } from '@cardstack/shared/billing/schemas';
import { hostileText, readHtml } from '../../../test/html-reader';
import type { LocalCheckoutView } from './local-checkout';
import { noMoneyMovesText, renderLocalCheckoutPage, renderLocalPortalPage, renderMessagePage } from './local-pages';

const openCheckout: LocalCheckoutView = {
  id: 'cs_1',
  status: 'open',
  planTitle: 'Teams',
  period: 'year',
  size: 25,
  amountCents: 19990,
  trialDays: 14,
  trialEnd: '2025-03-15T00:00:00.000Z',
};

const teamsStatus: BillingStatus = {
  plan: 'team',
  subscription: {
    plan: 'team',
    period: 'month',
    size: 25,
    status: 'trialing',
    quantity: 1,
    unitAmount: 1999,
    currency: 'EUR',
    displayedPrice: 19.99,
    createdAt: '2025-03-01T00:00:00.000Z',
    currentPeriodEnd: '2025-03-15T00:00:00.000Z',
    trialEnd: '2025-03-15T00:00:00.000Z',
    cancelAtPeriodEnd: false,
  },
  isTrialAvailable: false,
  provider: 'local',
  isAccountBlocked: false,
  cardCount: 1,
  cardsKeptAfterDowngrade: { basic: 1, subscribed: 5 },
  enterpriseContactUrl: null,
};

/** No script, markup or event handler of anyone else's making in the page. */
function expectNoInjectedMarkup(html: ReturnType<typeof readHtml>) {
  expect(html.tagNames.has('script')).toBe(false);
  expect(html.tagNames.has('img')).toBe(false);
  expect(html.tagNames.has('b')).toBe(false);
  expect(html.eventHandlers).toEqual([]);
}

describe('the local test checkout page', () => {
  it('shows the plan, the price, the trial and the two buttons', () => {
    const html = readHtml(renderLocalCheckoutPage(openCheckout));
    expect(html.title).toBe('Test checkout');
    expect(html.texts).toEqual(
      expect.arrayContaining([
        noMoneyMovesText,
        'Teams, up to 25 cards',
        '€199.90 per year',
        '14-day free trial: nothing is due today. The trial ends on 15 March 2025.',
        'Complete test checkout',
        'Cancel',
      ]),
    );
    expect(html.formActions).toEqual(['/billing/local-checkout/cs_1/complete', '/billing/local-checkout/cs_1/cancel']);
    expectNoInjectedMarkup(html);
  });

  it('escapes the plan title and the checkout id', () => {
    const page = renderLocalCheckoutPage({ ...openCheckout, id: 'x"><script>alert(1)</script>', planTitle: hostileText, size: null });
    const html = readHtml(page);
    expect(html.texts).toContain(hostileText);
    expect(html.formActions).toHaveLength(2);
    expectNoInjectedMarkup(html);
  });

  it.each([
    ['completed', 'This checkout was already completed.'],
    ['canceled', 'This checkout was cancelled.'],
    ['expired', 'This checkout has expired.'],
  ] as const)('says when a checkout is %s and links back to the plans', (status, sentence) => {
    const html = readHtml(renderLocalCheckoutPage({ ...openCheckout, status }));
    expect(html.texts).toEqual(expect.arrayContaining([noMoneyMovesText, sentence]));
    expect(html.links).toEqual([{ href: '/subscription', text: 'Back to the plans' }]);
    expect(html.formActions).toEqual([]);
  });
});

describe('the local test payment portal', () => {
  it('shows the subscription and links back to where the user came from, escaped', () => {
    const returnUrl = `https://cards.example.com/settings?x="><script>alert(1)</script>&y='`;
    const html = readHtml(renderLocalPortalPage(teamsStatus, returnUrl));
    expect(html.title).toBe('Test payment portal');
    expect(html.texts).toEqual(expect.arrayContaining(['Teams, up to 25 cards', '€19.99 per month', 'free trial', 'Renews on', '15 March 2025']));
    expect(html.links).toEqual([{ href: returnUrl, text: 'Back' }]);
    expectNoInjectedMarkup(html);
  });

  it('says when there is no paid plan', () => {
    const html = readHtml(renderLocalPortalPage({ ...teamsStatus, plan: 'basic', subscription: null }, 'https://cards.example.com/'));
    expect(html.texts).toContain('You have no paid plan.');
  });
});

describe('the checkout message page', () => {
  it('shows its title, message and link as text', () => {
    const href = `/subscription?next="><script>alert(1)</script>`;
    const html = readHtml(renderMessagePage(hostileText, hostileText, { href, label: hostileText }));
    expect(html.title).toBe(hostileText);
    expect(html.texts.filter((text) => text === hostileText)).toHaveLength(4);
    expect(html.links).toEqual([{ href, text: hostileText }]);
    expectNoInjectedMarkup(html);
  });
});
