import { operatorMailCatalogs, type OperatorMailMessageId } from '@cardstack/shared/i18n/operator-mail/catalogs';
import { createTranslations, type Translate } from '@cardstack/shared/i18n/translations';

export type OperatorMailText = Translate<OperatorMailMessageId>;

/** The operators' mails' words in a language: the design request and the credential warning. */
export const operatorMailTextIn = createTranslations(operatorMailCatalogs);
