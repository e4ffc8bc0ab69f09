import { accountMailCatalogs, type AccountMailMessageId } from '@cardstack/shared/i18n/account-mail/catalogs';
import { createTranslations, type Translate } from '@cardstack/shared/i18n/translations';

export type AccountMailText = Translate<AccountMailMessageId>;

/** The account mails' words in a language. */
export const accountMailTextIn = createTranslations(accountMailCatalogs);

/** "Hi Ada," or, without a name, "Hi,". */
export function greetingOf(displayName: string, t: AccountMailText): string {
  return displayName ? t('greetingNamed', { name: displayName }) : t('greeting');
}
