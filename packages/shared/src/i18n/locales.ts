import { z } from 'zod';

/** The languages the product speaks, English first: the language every text is written in first. */
export const locales = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'ar'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';
export const localeSchema = z.enum(locales);

export function isLocale(value: string): value is Locale {
  return (locales as readonly string[]).includes(value);
}

/** Each language by its own name, as a person looking for their language reads it. */
export const localeNames: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  ar: 'العربية',
};

/** Which way the language's text runs: the `dir` of its pages. */
export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

const byLowerCase = new Map<string, Locale>(locales.map((locale) => [locale.toLowerCase(), locale]));
/** Another region of a language we speak: its primary language tag to ours ("pt-PT" reads Brazilian Portuguese). */
const byLanguage = new Map<string, Locale>(locales.map((locale) => [locale.split('-')[0]!.toLowerCase(), locale]));

/** One of our languages for a language tag ("de-AT" → de, "pt" → pt-BR), or null when we do not speak it. */
export function supportedLocaleOf(tag: string): Locale | null {
  const lower = tag.trim().toLowerCase();
  return byLowerCase.get(lower) ?? byLanguage.get(lower.split('-')[0]!) ?? null;
}

/**
 * The visitor's language from `Accept-Language`: the tags in the order of their q-values (a tag with q=0 is
 * refused), the first one we speak, else English. A tag's region falls back to its language.
 */
export function negotiateLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return defaultLocale;
  const wanted: { tag: string; quality: number; order: number }[] = [];
  for (const [order, part] of acceptLanguage.split(',').entries()) {
    const [tag = '', ...parameters] = part.split(';');
    const qualityParameter = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const quality = qualityParameter === undefined ? 1 : Number(qualityParameter.slice(2));
    if (tag.trim() !== '' && Number.isFinite(quality) && quality > 0) wanted.push({ tag, quality, order });
  }
  wanted.sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const { tag } of wanted) {
    const locale = supportedLocaleOf(tag);
    if (locale) return locale;
  }
  return defaultLocale;
}
