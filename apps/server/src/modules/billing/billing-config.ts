import { z } from 'zod';
import { allPriceSelections, priceIdConfigFrom, priceIdConfigSchema, type PriceIdConfig, type PriceSelection } from '@cardstack/shared/plans/prices';
import { booleanFlag, configPiece, documented, isLocalhostUrl, optionalString, secret } from '../../config-fields';

export const billingProviders = ['stripe', 'test', 'none'] as const;
export type BillingProvider = (typeof billingProviders)[number];

/** The Stripe price id variable of each plan, period and Teams size: STRIPE_PRICE_PRO_MONTH, STRIPE_PRICE_TEAM_10_YEAR... */
function stripePriceVariable(selection: PriceSelection): string {
  return selection.plan === 'subscribed'
    ? `STRIPE_PRICE_PRO_${selection.period.toUpperCase()}`
    : `STRIPE_PRICE_TEAM_${selection.tier}_${selection.period.toUpperCase()}`;
}
const stripePriceVariables = allPriceSelections().map(stripePriceVariable);
const planNameOf = (selection: PriceSelection) => (selection.plan === 'subscribed' ? 'Pro' : `Teams for ${selection.tier}`);

function stripePriceIds(env: Record<string, unknown>): PriceIdConfig {
  return priceIdConfigFrom((selection) => String(env[stripePriceVariable(selection)] ?? ''));
}

const stripePriceSettings = Object.fromEntries(
  allPriceSelections().map((selection) => [
    stripePriceVariable(selection),
    documented(optionalString, { description: `The Stripe price id (price_…) of ${planNameOf(selection)}, paid per ${selection.period}. Required with Stripe.` }),
  ]),
) as Record<string, typeof optionalString>;

export const billingConfig = configPiece({
  title: 'Payments',
  variables: {
    BILLING_PROVIDER: documented(optionalString.pipe(z.enum(billingProviders, { message: 'must be stripe, test or none' }).optional()), {
      description: '`stripe` (payments, see docs/billing.md), `none` (nothing is sold: every account has every feature — a company running the service for its own staff) or `test` (the built-in test checkout: anyone can give themselves any plan). Unset on a public address, the start stops and names this variable.',
      shownDefault: '`test` on a localhost BASE_URL, else required',
    }),
    STRIPE_SECRET_KEY: secret(optionalString.pipe(z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_live_… or sk_test_…)').optional()), {
      description: 'Stripe\'s secret key, with BILLING_PROVIDER=stripe (see docs/billing.md).',
    }),
    STRIPE_WEBHOOK_SECRET: secret(optionalString.pipe(z.string().startsWith('whsec_', 'must be a webhook signing secret (whsec_…)').optional()), {
      description: 'The signing secret (whsec_…) of the webhook endpoint `$BASE_URL/api/billing/stripe/webhook`. Required with Stripe.',
    }),
    ...stripePriceSettings,
    STRIPE_API_HOST: documented(optionalString, { description: 'Where the Stripe SDK sends its requests (tests point it at a local fake).', shownDefault: '`api.stripe.com`' }),
    STRIPE_API_PORT: documented(optionalString.pipe(z.string().regex(/^\d+$/, 'must be a port number').transform(Number).optional()), { description: 'The port of STRIPE_API_HOST.' }),
    STRIPE_API_PROTOCOL: documented(optionalString.pipe(z.enum(['http', 'https']).optional()), { description: 'http or https for STRIPE_API_HOST.', shownDefault: '`https`' }),
    ENTERPRISE_CONTACT_URL: documented(
      optionalString.pipe(z.string().regex(/^(https?:\/\/[^/\s]+|mailto:\S+@\S+)/, 'must be an https:// link or a mailto: address').optional()),
      {
        description: 'The external form "Get a quote" opens for Teams above 250 cards (https:// or mailto:). Unset: the built-in quote form (`/custom-design-form?request=quote`), whose requests reach the operators.',
      },
    ),
    BILLING_TEST_CLOCK: documented(booleanFlag, {
      description: 'Lets signed-in users move the billing clock forward (browser tests only). Refused — the start stops — unless BILLING_PROVIDER=test on a localhost BASE_URL.',
    }),
  },
  check(env, core, ctx) {
    // No deployment hands out paid plans for free by accident.
    const baseUrl = core.BASE_URL ?? `http://localhost:${core.PORT}`;
    const provider = env.BILLING_PROVIDER;
    if (!URL.canParse(baseUrl)) return;
    if (!provider && (env.STRIPE_SECRET_KEY || !isLocalhostUrl(baseUrl))) {
      ctx.addIssue({
        code: 'custom',
        path: ['BILLING_PROVIDER'],
        message: env.STRIPE_SECRET_KEY
          ? 'set BILLING_PROVIDER=stripe to take payments with Stripe (or test / none)'
          : 'set BILLING_PROVIDER to stripe (payments), none (every account has every feature) or test (the built-in test checkout: anyone can give themselves any plan)',
      });
    }
    if (provider === 'stripe' && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'BILLING_PROVIDER=stripe needs the Stripe secret key (sk_live_… or sk_test_…)' });
    }
    if (env.BILLING_TEST_CLOCK && (provider === 'stripe' || provider === 'none' || !isLocalhostUrl(baseUrl))) {
      ctx.addIssue({
        code: 'custom',
        path: ['BILLING_TEST_CLOCK'],
        message: 'the billing test clock lets users move billing time; it is refused in production (a BASE_URL that is not localhost, or BILLING_PROVIDER stripe/none)',
      });
    }
    if (env.STRIPE_SECRET_KEY && provider !== 'test' && provider !== 'none') {
      if (!env.STRIPE_WEBHOOK_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_WEBHOOK_SECRET'],
          message: 'set the signing secret of the webhook endpoint $BASE_URL/api/billing/stripe/webhook: without it no payment reaches the app',
        });
      }
      const prices = env as Record<string, unknown>;
      for (const name of stripePriceVariables) {
        if (!prices[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'set the Stripe price id (price_…) of this plan, or unset STRIPE_SECRET_KEY' });
      }
      const checked = priceIdConfigSchema.safeParse(stripePriceIds(prices));
      if (!checked.success && stripePriceVariables.every((name) => prices[name])) {
        for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: ['STRIPE_PRICE_*'], message: issue.message });
      }
    }
  },
  build: (env, core) => ({
    billingProvider: env.BILLING_PROVIDER ?? ('test' as BillingProvider),
    stripe:
      env.STRIPE_SECRET_KEY && (env.BILLING_PROVIDER ?? 'stripe') === 'stripe'
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
            priceIds: stripePriceIds(env),
            api: { host: env.STRIPE_API_HOST, port: env.STRIPE_API_PORT, protocol: env.STRIPE_API_PROTOCOL },
          }
        : undefined,
    enterpriseContactUrl: env.ENTERPRISE_CONTACT_URL ?? null,
    isBillingTestClockEnabled: (env.BILLING_PROVIDER ?? 'test') === 'test' && (core.NODE_ENV === 'test' || env.BILLING_TEST_CLOCK),
  }),
});
