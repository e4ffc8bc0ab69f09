import { useEffect, useState } from 'react';
import { isLocale, type Locale } from '@cardstack/shared/i18n/locales';
import type { CardViewLabels } from '@cardstack/card-view/card-view';
import { useAppPreferences } from '../../../lib/i18n/app-locale';
import { translatorIn, useMessages, type Translate } from '../../../lib/i18n/messages';
import { pageTextMessages, type PageTextId } from './messages';

const translators = new Map<Locale, Translate<PageTextId>>();
const loading = new Map<Locale, Promise<Translate<PageTextId>>>();

/** The public page's words in `locale`, whatever the app's language is (the catalogs arrive compiled by the build). */
export function loadPageText(locale: Locale): Promise<Translate<PageTextId>> {
  let translate = loading.get(locale);
  if (!translate) {
    translate = translatorIn(pageTextMessages, locale).then((made) => {
      translators.set(locale, made);
      return made;
    });
    loading.set(locale, translate);
    // Not loaded (offline): the next use tries again.
    translate.catch(() => loading.delete(locale));
  }
  return translate;
}

/**
 * The public page's words in the language its visitors will read them: the card's page language when its owner
 * fixed one, else the app's (a visitor's own cannot be known here). A fixed language other than the app's is
 * loaded on first use; the app's words show until it has arrived.
 */
export function usePageText(pageLanguage: string | undefined): Translate<PageTextId> {
  const inAppLanguage = useMessages(pageTextMessages);
  const { locale } = useAppPreferences();
  const fixed = pageLanguage && isLocale(pageLanguage) && pageLanguage !== locale ? pageLanguage : null;
  const [, setLoaded] = useState<Locale | null>(null);
  useEffect(() => {
    if (!fixed || translators.has(fixed)) return;
    let isCurrent = true;
    loadPageText(fixed).then(
      () => {
        if (isCurrent) setLoaded(fixed);
      },
      () => {}, // the app's words stay
    );
    return () => {
      isCurrent = false;
    };
  }, [fixed]);
  return (fixed && translators.get(fixed)) || inAppLanguage;
}

/** The card view's headings from the public page's words, as the server renders them (page-render.tsx). */
export function cardViewLabelsOf(t: Translate<PageTextId>, yourName: string): CardViewLabels {
  return {
    contact: t('contact'),
    links: t('links'),
    files: t('files'),
    videos: (count) => t('videos', { count }),
    video: (number) => (number === null ? t('videoTitle') : t('numberedVideoTitle', { number })),
    yourName,
  };
}
