import { isTimeZone } from '@cardstack/shared/account/preferences';
import { negotiateLocale, type Locale } from '@cardstack/shared/i18n/locales';

/** What this browser says of its person: their languages (the first we speak) and the device's time zone. */
export function browserPreferences(): { language: Locale; timeZone: string } {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return { language: negotiateLocale(navigator.languages.join(',')), timeZone: timeZone && isTimeZone(timeZone) ? timeZone : 'UTC' };
}

/** Every time zone this browser knows, UTC first. */
export function timeZoneChoices(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
}
