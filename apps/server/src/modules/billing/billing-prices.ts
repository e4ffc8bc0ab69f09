import type { Kysely } from 'kysely';
import type { BillingPricesResponse } from '@cardstack/shared/billing/schemas';
import {
  allPriceSelections,
  builtInPriceList,
  findPriceSelection,
  priceIn,
  priceList,
  priceListFrom,
  resolvePriceId,
  type PriceList,
} from '@cardstack/shared/plans/prices';
import type { JobQueue } from '../../jobs/jobs-module';
import type { SubscriptionRow } from './billing-repository';
import type { BillingDeps } from './billing-service';
import type { BillingTables } from './billing-tables';

/*
 * The prices the pages show. The built-in provider (BILLING_PROVIDER=test, none) charges the built-in euro
 * prices; Stripe charges what the operator configured there, so its prices are read from Stripe by a job
 * (`billing.prices-refresh`: at start when none were read in the last day, then daily) and kept in
 * billing_price_cache, so a page never waits on Stripe and Stripe being down changes nothing shown.
 */

export const pricesRefreshJob = 'billing.prices-refresh';
/** Daily: a price changed in the Stripe dashboard shows within a day (or at the next start). */
export const pricesRefreshCron = '17 4 * * *';
/** Older than this at start-up, the prices are read again at once. */
export const priceCacheMaxAgeMs = 24 * 60 * 60_000;

type PriceDeps = Pick<BillingDeps, 'db' | 'provider' | 'now'>;
const tables = (deps: PriceDeps) => deps.db as Kysely<BillingTables>;

/** Whether the prices come from the provider (Stripe) rather than the built-in list. */
export const readsProviderPrices = (deps: Pick<BillingDeps, 'provider'>) => deps.provider.kind === 'stripe';

/** Reads every configured price from the provider and keeps them; throws (keeping the old list) when one is missing. */
export async function refreshProviderPrices(deps: PriceDeps): Promise<PriceList> {
  const { priceIds } = deps.provider;
  const found = await deps.provider.listPrices(allPriceSelections().map((selection) => resolvePriceId(priceIds, selection)));
  const list = priceListFrom((selection) => {
    const id = resolvePriceId(priceIds, selection);
    const price = found.get(id);
    if (!price) throw new Error(`The payment provider returned no price for ${id}`);
    return price;
  });
  const row = { provider: deps.provider.kind, price_list: JSON.stringify(list), read_at: deps.now().toISOString() };
  await tables(deps)
    .insertInto('billing_price_cache')
    .values(row)
    .onConflict((conflict) => conflict.column('provider').doUpdateSet({ price_list: row.price_list, read_at: row.read_at }))
    .execute();
  return list;
}

async function cachedPrices(deps: PriceDeps): Promise<{ prices: PriceList | null; readAt: string | null }> {
  const row = await tables(deps)
    .selectFrom('billing_price_cache')
    .select(['price_list', 'read_at'])
    .where('provider', '=', deps.provider.kind)
    .executeTakeFirst();
  if (!row) return { prices: null, readAt: null };
  let stored: unknown;
  try {
    stored = JSON.parse(row.price_list);
  } catch {
    stored = null;
  }
  const parsed = priceList.safeParse(stored);
  return { prices: parsed.success ? parsed.data : null, readAt: parsed.success ? row.read_at : null };
}

/** What GET /api/billing/prices answers: the built-in list, or the provider's as last read (null if never). */
export async function currentPrices(deps: PriceDeps): Promise<BillingPricesResponse> {
  if (!readsProviderPrices(deps)) return { source: 'built-in', prices: builtInPriceList, readAt: null };
  return { source: 'provider', ...(await cachedPrices(deps)) };
}

/** At start: with Stripe, queue a read of the prices unless a recent one is kept. One queued read at a time. */
export async function requestPricesIfStale(deps: PriceDeps, jobs: JobQueue): Promise<void> {
  if (!readsProviderPrices(deps)) return;
  const { readAt } = await cachedPrices(deps);
  if (readAt && deps.now().getTime() - Date.parse(readAt) < priceCacheMaxAgeMs) return;
  await jobs.enqueue(deps.db, pricesRefreshJob, {}, { singletonKey: 'prices', retryLimit: 5, retryDelaySeconds: 60 });
}

/**
 * The currency of a subscription's amount: its price's in the current list. A price no longer configured (or an
 * operator's grant) takes the currency of the list's Pro price, the operator's currency.
 */
export function currencyOf(row: Pick<SubscriptionRow, 'price_id'>, prices: PriceList | null, deps: Pick<BillingDeps, 'provider'>): string {
  const list = prices ?? builtInPriceList;
  const selection = findPriceSelection(deps.provider.priceIds, row.price_id);
  return priceIn(list, selection ?? { plan: 'subscribed', period: 'month' }).currency;
}
