import type { BillingStatus } from '@cardstack/shared/billing/schemas';
import { planTitles } from '@cardstack/shared/plans/plans';
import { formatEuros, type BillingPeriod } from '@cardstack/shared/plans/prices';
import type { LocalCheckoutView } from './billing-service';
import { localCheckoutPath } from './local-provider';

/** Plain server-rendered pages of the built-in payment provider: no JavaScript, nothing to build. */

export const noMoneyMovesText = 'This is a test checkout. No money moves: no card is charged and no payment details are asked for.';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function formatDay(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

const perPeriod = (period: BillingPeriod) => (period === 'year' ? 'per year' : 'per month');

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}
.notice{border:2px solid #b45309;background:#fffbeb;padding:.75rem 1rem;border-radius:.5rem}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button,a.button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #1a1a1a;background:#fff;color:#1a1a1a;cursor:pointer;text-decoration:none}
button.primary{background:#1a1a1a;color:#fff}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}
</style>
</head>
<body>
${body}
</body>
</html>`;
}

export function renderLocalCheckoutPage(view: LocalCheckoutView): string {
  const plan = view.size === null ? view.planTitle : `${view.planTitle}, up to ${view.size} cards`;
  const price = `${formatEuros(view.amountCents)} ${perPeriod(view.period)}`;
  const trial =
    view.trialDays > 0 && view.trialEnd
      ? `<p>${view.trialDays}-day free trial: nothing is due today. The trial ends on ${escapeHtml(formatDay(view.trialEnd))}.</p>`
      : '<p>No free trial: the plan starts today.</p>';
  if (view.status !== 'open') {
    const what = { completed: 'was already completed', canceled: 'was cancelled', expired: 'has expired' }[view.status];
    return page(
      'Test checkout',
      `<h1>Test checkout</h1>
<p class="notice">${escapeHtml(noMoneyMovesText)}</p>
<p>This checkout ${what}.</p>
<p><a class="button" href="/subscription">Back to the plans</a></p>`,
    );
  }
  const action = localCheckoutPath(view.id);
  return page(
    'Test checkout',
    `<h1>Test checkout</h1>
<p class="notice" role="note">${escapeHtml(noMoneyMovesText)}</p>
<dl>
<dt>Plan</dt><dd>${escapeHtml(plan)}</dd>
<dt>Price</dt><dd>${escapeHtml(price)}</dd>
</dl>
${trial}
<div class="actions">
<form method="post" action="${escapeHtml(`${action}/complete`)}"><button class="primary" type="submit">Complete test checkout</button></form>
<form method="post" action="${escapeHtml(`${action}/cancel`)}"><button type="submit">Cancel</button></form>
</div>`,
  );
}

export function renderLocalPortalPage(status: BillingStatus, returnUrl: string): string {
  const subscription = status.subscription;
  const details = subscription
    ? `<dl>
<dt>Plan</dt><dd>${escapeHtml(planTitles[subscription.plan])}${subscription.size ? escapeHtml(`, up to ${subscription.size} cards`) : ''}</dd>
<dt>Price</dt><dd>${escapeHtml(`${formatEuros(Math.round(subscription.displayedPrice * 100))} ${perPeriod(subscription.period)}`)}</dd>
<dt>Status</dt><dd>${escapeHtml(subscription.status === 'trialing' ? 'free trial' : subscription.status)}</dd>
<dt>${subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt><dd>${escapeHtml(formatDay(subscription.currentPeriodEnd))}</dd>
</dl>`
    : '<p>You have no paid plan.</p>';
  return page(
    'Test payment portal',
    `<h1>Test payment portal</h1>
<p class="notice" role="note">This is the built-in test payment portal. No money moves and no payment details are stored, so there is nothing to update here.</p>
${details}
<p><a class="button" href="${escapeHtml(returnUrl)}">Back</a></p>`,
  );
}

export function renderMessagePage(title: string, message: string, link: { href: string; label: string }): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
  );
}
