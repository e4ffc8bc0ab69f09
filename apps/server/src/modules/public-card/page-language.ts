import type { IncomingHttpHeaders } from 'node:http';
import type { Card, LeadFormSettings } from '@cardstack/shared/cards/schemas';
import { negotiateLocale, type Locale } from '@cardstack/shared/i18n/locales';
import { publicPageCatalogs, type PublicPageMessageId } from '@cardstack/shared/i18n/public-page/catalogs';
import { createTranslations, type Translate } from '@cardstack/shared/i18n/translations';
import type { AppError } from '../../http/errors';

/*
 * Which language a visitor reads a card's page in, and its words in that language. A card whose owner fixed a
 * language is shown in it to everyone; any other follows the visitor's Accept-Language, and its responses say so
 * (`Vary: Accept-Language`) so that caches keep one copy per language.
 */

export type PageText = Translate<PublicPageMessageId>;
export const pageTextIn = createTranslations(publicPageCatalogs);

// Browsers send a handful of distinct Accept-Language values: after the first, reading one is a lookup.
const negotiated = new Map<string, Locale>();
const negotiatedLimit = 1000;

/** The visitor's language, from the request's Accept-Language. */
export function visitorLocale(headers: IncomingHttpHeaders): Locale {
  const header = headers['accept-language'] ?? '';
  let locale = negotiated.get(header);
  if (locale === undefined) {
    locale = negotiateLocale(header);
    if (negotiated.size >= negotiatedLimit) negotiated.clear();
    negotiated.set(header, locale);
  }
  return locale;
}

/** The language of a card's page for this request: the owner's choice, else the visitor's. */
export function pageLocale(card: Pick<Card, 'pageLanguage'>, headers: IncomingHttpHeaders): Locale {
  return card.pageLanguage || visitorLocale(headers);
}

/** The words beside the consent box: the owner's, else the default in the page's language (stored with the lead). */
export function leadConsentIn(settings: Pick<LeadFormSettings, 'consentText'>, locale: Locale): string {
  return settings.consentText.trim() || pageTextIn(locale)('defaultConsent');
}

/** What the visitor reads after sending: the owner's message, else the default thanks in the page's language. */
export function leadThankYouIn(settings: Pick<LeadFormSettings, 'thankYouMessage'>, locale: Locale): string {
  return settings.thankYouMessage.trim() || pageTextIn(locale)('defaultThankYou');
}

/**
 * A lead's refusal (the contacts module's checks, the rate limiter's, the card's state) answered in the page's
 * language: its messages are keyed, so every one of them can be said in any language by its id.
 */
export function refusalIn(error: AppError, locale: Locale): AppError {
  return error.answerIn(locale);
}

/** What a page response says of its language: which it is, and whether it depends on the visitor's. */
export function languageHeaders(locale: Locale, followsVisitor: boolean): { 'content-language': Locale; vary: string } {
  return { 'content-language': locale, vary: followsVisitor ? 'accept-encoding, accept-language' : 'accept-encoding' };
}
