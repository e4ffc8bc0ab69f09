import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { locales } from '@cardstack/shared/i18n/locales';
import { publicPageCatalogs } from '@cardstack/shared/i18n/public-page/catalogs';
import { cardViewLabelsOf, loadPageText } from './use-page-text';

function catalogOf(locale: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'messages', `${locale}.json`), 'utf8')) as Record<string, string>;
}

describe('the public page’s words in the app', () => {
  it.each(locales)('%s are the public page’s own', (locale) => {
    const catalog = catalogOf(locale);
    expect(Object.keys(catalog).length).toBeGreaterThan(0);
    for (const [id, message] of Object.entries(catalog)) {
      expect(message, `${locale} ${id}`).toBe(publicPageCatalogs[locale][id as keyof (typeof publicPageCatalogs)['en']]);
    }
  });

  it('loads a language other than the app’s and gives the card view its headings', async () => {
    const german = cardViewLabelsOf(await loadPageText('de'), 'Ihr Name');
    expect([german.contact, german.videos(2), german.video(null), german.video(3)]).toEqual(['Kontakt', 'Videos', 'YouTube-Video', 'YouTube-Video 3']);
    const arabic = cardViewLabelsOf(await loadPageText('ar'), '');
    expect(arabic.videos(2)).toBe('مقطعا فيديو');
    const english = await loadPageText('en');
    expect(english('defaultThankYou')).toBe(publicPageCatalogs.en.defaultThankYou);
  });
});
