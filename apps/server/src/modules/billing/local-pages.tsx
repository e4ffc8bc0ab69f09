import type { ReactNode } from 'react';
import type { BillingStatus } from '@cardstack/shared/billing/schemas';
import { planTitles } from '@cardstack/shared/plans/plans';
import { builtInPriceList, formatPrice, type BillingPeriod } from '@cardstack/shared/plans/prices';
import { renderHtmlDocument } from '../../html/html-document';
import type { LocalCheckoutView } from './local-checkout';
import { localCheckoutPath } from './local-provider';

/** Plain server-rendered pages of the built-in payment provider: no JavaScript, nothing to build. */

export const noMoneyMovesText = 'This is a test checkout. No money moves: no card is charged and no payment details are asked for.';

const portalNotice =
  'This is the built-in test payment portal. No money moves and no payment details are stored, so there is nothing to update here.';

const pageCss = `
body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}
.notice{border:2px solid #b45309;background:#fffbeb;padding:.75rem 1rem;border-radius:.5rem}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button,a.button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #1a1a1a;background:#fff;color:#1a1a1a;cursor:pointer;text-decoration:none}
button.primary{background:#1a1a1a;color:#fff}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}
`;

function formatDay(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

const perPeriod = (period: BillingPeriod) => (period === 'year' ? 'per year' : 'per month');

function renderPage(title: string, body: ReactNode): string {
  return renderHtmlDocument(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <style>{pageCss}</style>
      </head>
      <body>{body}</body>
    </html>,
  );
}

function Details({ rows }: { rows: [term: string, description: string][] }) {
  return (
    <dl>
      {rows.map(([term, description]) => [<dt key={`${term}-term`}>{term}</dt>, <dd key={`${term}-description`}>{description}</dd>])}
    </dl>
  );
}

function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p>
      <a className="button" href={href}>
        {children}
      </a>
    </p>
  );
}

export function renderLocalCheckoutPage(view: LocalCheckoutView): string {
  if (view.status !== 'open') {
    const what = { completed: 'was already completed', canceled: 'was cancelled', expired: 'has expired' }[view.status];
    return renderPage(
      'Test checkout',
      <>
        <h1>Test checkout</h1>
        <p className="notice">{noMoneyMovesText}</p>
        <p>{`This checkout ${what}.`}</p>
        <ButtonLink href="/subscription">Back to the plans</ButtonLink>
      </>,
    );
  }
  const plan = view.size === null ? view.planTitle : `${view.planTitle}, up to ${view.size} cards`;
  // The test checkout charges the built-in prices, in their currency.
  const price = `${formatPrice({ unitAmount: view.amountCents, currency: builtInPriceList.subscribed.month.currency })} ${perPeriod(view.period)}`;
  const trial =
    view.trialDays > 0 && view.trialEnd
      ? `${view.trialDays}-day free trial: nothing is due today. The trial ends on ${formatDay(view.trialEnd)}.`
      : 'No free trial: the plan starts today.';
  const action = localCheckoutPath(view.id);
  return renderPage(
    'Test checkout',
    <>
      <h1>Test checkout</h1>
      <p className="notice" role="note">
        {noMoneyMovesText}
      </p>
      <Details
        rows={[
          ['Plan', plan],
          ['Price', price],
        ]}
      />
      <p>{trial}</p>
      <div className="actions">
        <form method="post" action={`${action}/complete`}>
          <button className="primary" type="submit">
            Complete test checkout
          </button>
        </form>
        <form method="post" action={`${action}/cancel`}>
          <button type="submit">Cancel</button>
        </form>
      </div>
    </>,
  );
}

export function renderLocalPortalPage(status: BillingStatus, returnUrl: string): string {
  const subscription = status.subscription;
  return renderPage(
    'Test payment portal',
    <>
      <h1>Test payment portal</h1>
      <p className="notice" role="note">
        {portalNotice}
      </p>
      {subscription ? (
        <Details
          rows={[
            ['Plan', `${planTitles[subscription.plan]}${subscription.size ? `, up to ${subscription.size} cards` : ''}`],
            ['Price', `${formatPrice({ unitAmount: subscription.unitAmount * subscription.quantity, currency: subscription.currency })} ${perPeriod(subscription.period)}`],
            ['Status', subscription.status === 'trialing' ? 'free trial' : subscription.status],
            [subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on', formatDay(subscription.currentPeriodEnd)],
          ]}
        />
      ) : (
        <p>You have no paid plan.</p>
      )}
      <ButtonLink href={returnUrl}>Back</ButtonLink>
    </>,
  );
}

export function renderMessagePage(title: string, message: string, link: { href: string; label: string }): string {
  return renderPage(
    title,
    <>
      <h1>{title}</h1>
      <p>{message}</p>
      <ButtonLink href={link.href}>{link.label}</ButtonLink>
    </>,
  );
}
