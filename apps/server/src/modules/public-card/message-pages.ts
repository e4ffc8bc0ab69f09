import type { Locale } from '@cardstack/shared/i18n/locales';
import type { PublicPageMessageId } from '@cardstack/shared/i18n/public-page/catalogs';
import { activationPath } from '@cardstack/shared/physical-cards/schemas';
import { encodeBody, type EncodedBody } from './encoded-body';
import { pageTextIn } from './page-language';
import { renderMessagePage } from './page-render';

/** A page with a title and a sentence, in each language encoded the first time it is asked for, then kept. */
function messagePage(title: PublicPageMessageId, text: PublicPageMessageId): (locale: Locale) => EncodedBody {
  const pages = new Map<Locale, EncodedBody>();
  return (locale) => {
    let page = pages.get(locale);
    if (!page) {
      const t = pageTextIn(locale);
      page = encodeBody(renderMessagePage(locale, t(title), t(text)));
      pages.set(locale, page);
    }
    return page;
  };
}

/** The pages an address shows instead of a card, in the visitor's language. */
export const notFoundPage = messagePage('notFoundTitle', 'notFoundText');
export const inactivePage = messagePage('inactiveTitle', 'inactiveText');
export const switchedOffPage = messagePage('deactivatedTitle', 'deactivatedText');

/** The first tap of a physical card nobody has activated yet: what it is and the way to activate it. */
export function notActivatedPage(preorderId: string, locale: Locale): EncodedBody {
  const t = pageTextIn(locale);
  return encodeBody(renderMessagePage(locale, t('notActivatedTitle'), t('notActivatedText'), { label: t('activate'), href: activationPath(preorderId) }));
}
