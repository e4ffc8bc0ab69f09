import type { Catalogs } from '../translations';
import { walletPassArabic } from './ar';
import { walletPassGerman } from './de';
import { walletPassEnglish, type WalletPassMessageId } from './en';
import { walletPassSpanish } from './es';
import { walletPassFrench } from './fr';
import { walletPassJapanese } from './ja';
import { walletPassBrazilianPortuguese } from './pt-BR';

export type { WalletPassMessageId } from './en';

/** The wallet pass's labels in every language the product speaks. */
export const walletPassCatalogs: Catalogs<WalletPassMessageId> = {
  en: walletPassEnglish,
  de: walletPassGerman,
  fr: walletPassFrench,
  es: walletPassSpanish,
  'pt-BR': walletPassBrazilianPortuguese,
  ja: walletPassJapanese,
  ar: walletPassArabic,
};
