import { z } from 'zod';
import { keyed } from '../i18n/keyed';
import { defaultLocale, localeSchema, locales } from '../i18n/locales';

/** An IANA time zone the platform knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const defaultTimeZone = 'UTC';

export const preferencesMessages = {
  saved: 'Preferences saved!',
} as const;

/** The account's language (the app, the mails it gets) and time zone (dates, the insights' days). */
export const accountPreferences = z.object({
  language: localeSchema,
  timeZone: z.string(),
  /** False until the person (or their browser, at sign-up) chose: English and UTC are then only defaults. */
  isChosen: z.boolean(),
});
export type AccountPreferences = z.infer<typeof accountPreferences>;

export const updateAccountPreferencesInput = z.object({
  language: z.enum(locales, { error: keyed('chooseLanguage') }),
  timeZone: z.string().max(64, keyed('chooseTimeZone')).refine(isTimeZone, keyed('chooseTimeZone')),
});
export type UpdateAccountPreferencesInput = z.infer<typeof updateAccountPreferencesInput>;

export const defaultPreferences: AccountPreferences = { language: defaultLocale, timeZone: defaultTimeZone, isChosen: false };
