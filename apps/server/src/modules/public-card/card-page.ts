import type { Card } from '@cardstack/shared/cards/schemas';
import type { Locale } from '@cardstack/shared/i18n/locales';
import type { WalletOffers } from '@cardstack/shared/wallet/schemas';
import { findCard, type CardRef } from '../cards/cards-module';
import { linkIdOf, webLinkTarget } from './card-links';
import { encodeBody, type EncodedBody } from './encoded-body';
import { leadThankYouIn } from './page-language';
import { renderCardPage, type LeadFormState } from './page-render';
import type { PageEntry, PublicCardDeps, PublicCardState } from './public-card-state';

/*
 * A card's page: rendered once per version and language (and again only when the wallet buttons change), kept
 * in `state.pages`, and the variants a form post without JavaScript gets back (thanks, the form with its errors).
 */

/** The card's page with the lead form in this state; web links point at their tracked addresses. */
function renderPage(state: PublicCardState, entry: Pick<PageEntry, 'card' | 'walletOffers' | 'linkIds'>, lead: LeadFormState, locale: Locale): string {
  const { card, linkIds } = entry;
  return renderCardPage(state.pageContext, {
    card,
    walletOffers: entry.walletOffers,
    lead,
    linkPath: (index) => (linkIds[index] ? `/id/${encodeURIComponent(card.id)}/l/${linkIds[index]}` : null),
    locale,
  });
}

function renderEntry(card: Card, walletOffers: WalletOffers | undefined): PageEntry {
  const linkIds = card.links.map((link) => (webLinkTarget(link) ? linkIdOf(link) : null));
  return { card, walletOffers, walletOffersCheckedAt: Date.now(), pages: {}, thanks: {}, linkIds };
}

/** The card's page in this language: from memory, or rendered now and kept with the card's version. */
export function pageIn(state: PublicCardState, entry: PageEntry, locale: Locale): EncodedBody {
  return (entry.pages[locale] ??= encodeBody(renderPage(state, entry, { kind: 'form' }, locale)));
}

/**
 * The wallet buttons follow the owner's plan, which can change without the card changing: off the hot path (the
 * version is re-read every `versionCheckMs` anyway), a page's buttons are checked again once per `accessTtlMs`,
 * and the page is rendered again only when they changed.
 */
async function withCurrentWalletOffers(deps: PublicCardDeps, state: PublicCardState, entry: PageEntry): Promise<PageEntry> {
  if (!deps.walletOffersOf || Date.now() - entry.walletOffersCheckedAt < deps.accessTtlMs) return entry;
  entry.walletOffersCheckedAt = Date.now();
  const offers = await deps.walletOffersOf(entry.card);
  if (offers.apple === entry.walletOffers?.apple && offers.google === entry.walletOffers.google) return entry;
  const fresh = renderEntry(entry.card, offers);
  if (state.pages.get(entry.card.id) === entry) state.pages.set(entry.card.id, fresh);
  return fresh;
}

/** The rendered page of the card's current version: from memory, or rendered once however many ask at once. */
export async function pageOf(deps: PublicCardDeps, state: PublicCardState, ref: CardRef): Promise<PageEntry | null> {
  const cached = state.pages.get(ref.id);
  if (cached && cached.card.version === ref.version) return withCurrentWalletOffers(deps, state, cached);
  const loadKey = `${ref.id}:${ref.version}`;
  let loading = state.renderingPages.get(loadKey);
  if (!loading) {
    loading = findCard(deps.db, ref.id)
      .then(async (card) => {
        if (!card) return null;
        const entry = renderEntry(card, await deps.walletOffersOf?.(card));
        const latest = state.pages.get(card.id);
        if (!latest || latest.card.version <= card.version) state.pages.set(card.id, entry);
        return entry;
      })
      .finally(() => state.renderingPages.delete(loadKey));
    state.renderingPages.set(loadKey, loading);
  }
  return loading;
}

/**
 * The page for an address when everything needed is in memory and still current: the card's version (within
 * `versionCheckMs`), its owner's plan status and the rendered page of that version. Synchronous, so the hot
 * path creates no promises; anything else goes the long way through `resolve` and `pageOf`.
 */
export function cachedPage(state: PublicCardState, key: string): PageEntry | undefined {
  const address = state.addresses.get(key);
  // A moved card is answered by the route (a redirect), never from memory.
  if (!address?.ref || address.movedTo) return undefined;
  const { ref } = address;
  const blocked = state.blockedCards.get(ref.ownerId);
  if (!blocked || blocked.has(ref.id)) return undefined;
  const entry = state.pages.get(ref.id);
  return entry && entry.card.version === ref.version ? entry : undefined;
}

/** The page after a lead was sent without JavaScript: the card with the thank-you text in place of the form. */
export function thanksOf(state: PublicCardState, entry: PageEntry, locale: Locale): EncodedBody {
  return (entry.thanks[locale] ??= encodeBody(renderPage(state, entry, { kind: 'sent', message: leadThankYouIn(entry.card.leadForm, locale) }, locale)));
}

/** The card page again with what the visitor typed and what is wrong with it (a form post without JavaScript). */
export function renderLeadErrors(state: PublicCardState, entry: PageEntry, values: LeadFormState & { kind: 'form' }, locale: Locale): string {
  return renderPage(state, entry, values, locale);
}

/**
 * Whether the page an address names is in memory, whatever the age of its version check: by card id (the
 * address QR codes and NFC tags carry) or by an address read within `versionCheckMs`.
 */
export function hasPageInMemory(state: PublicCardState, key: string): boolean {
  const id = state.addresses.get(key)?.ref?.id ?? key;
  return state.pages.get(id) !== undefined;
}
