import type { Card } from '../cards/schemas';
import { isHexColour, normaliseHexColour } from '../cards/hex-colour';
import { allPassFields, type PassFieldChoice, type WalletSettings } from './schemas';
import { visitSourceMarkers, withVisitSource } from '../insights/sources';
import { walletPassEnglish as english, type WalletPassMessageId } from '../i18n/wallet-pass/en';

/*
 * What a wallet pass shows, decided once for the pass files (Apple's pass.json, Google's pass object) and for
 * the editor's live preview, so the preview is the pass.
 */

export interface PassField {
  key: string;
  /** In English (the editor's preview); `labelId` and `number` say it in the phone's language on the pass. */
  label: string;
  value: string;
  labelId: Exclude<WalletPassMessageId, 'numbered' | 'businessCard' | 'digitalBusinessCard'>;
  /** The field's number among several of its kind (Phone 1, Phone 2). */
  number?: number;
}

export interface PassContent {
  /** Top right of the pass: the company. */
  header: PassField[];
  /** The big line: the person's name (the card's title when the name is empty). */
  primary: PassField[];
  /** Under it: the job title. */
  secondary: PassField[];
  /** The first phone and email chosen. */
  auxiliary: PassField[];
  /** Every chosen phone, email and address, and the card's address. */
  back: PassField[];
  /**
   * The card's own title and its username, under the names the product spec's pass payload gives them
   * (`cardName`, `username`): on the back of the Apple pass, before the rest (Google's pass does not show them).
   */
  details: PassField[];
  /** What the QR code holds: the public card address, marked as opened from a wallet. */
  barcodeUrl: string;
  /** The name of the pass in the wallet's list and in notices. */
  description: string;
}

/** Apple and Google write this visit source in the URL the pass's QR code and link carry. */
export function walletCardUrl(permanentUrl: string): string {
  return withVisitSource(permanentUrl, visitSourceMarkers.wallet);
}

/** The card's values of one kind (main one first, no empties, no repeats) that the choice keeps. */
export function chosenOf(main: string, more: readonly string[], chosen: readonly string[] | null): string[] {
  const all = [...new Set([main, ...more].map((value) => value.trim()).filter(Boolean))];
  return chosen === null ? all : all.filter((value) => chosen.includes(value));
}

type CardForPass = Pick<Card, 'title' | 'username' | 'name' | 'jobTitle' | 'companyName' | 'phone' | 'phones' | 'email' | 'emails' | 'address' | 'addresses'>;

export function passContent(card: CardForPass, choice: PassFieldChoice, publicUrl: string): PassContent {
  const phones = chosenOf(card.phone, card.phones, choice.phones);
  const emails = chosenOf(card.email, card.emails, choice.emails);
  const addresses = chosenOf(card.address, card.addresses, choice.addresses);
  const name = card.name.trim() || card.title.trim() || english.businessCard;
  const field = (key: string, labelId: PassField['labelId'], value: string): PassField => ({ key, label: english[labelId], value, labelId });
  const numbered = (labelId: 'phone' | 'email' | 'address', values: string[]): PassField[] =>
    values.map((value, index) =>
      values.length > 1
        ? { key: `${labelId}${index + 1}`, label: `${english[labelId]} ${index + 1}`, value, labelId, number: index + 1 }
        : field(`${labelId}1`, labelId, value),
    );
  const present = (candidate: PassField) => candidate.value !== '';
  const barcodeUrl = walletCardUrl(publicUrl);
  return {
    header: [field('company', 'company', card.companyName.trim())].filter(present),
    primary: [field('name', 'name', name)],
    secondary: [field('jobTitle', 'jobTitle', card.jobTitle.trim())].filter(present),
    auxiliary: [field('phone', 'phone', phones[0] ?? ''), field('email', 'email', emails[0] ?? '')].filter(present),
    back: [...numbered('phone', phones), ...numbered('email', emails), ...numbered('address', addresses), field('card', 'card', barcodeUrl)],
    details: [field('cardName', 'cardName', card.title.trim()), field('username', 'username', card.username.trim())].filter(present),
    barcodeUrl,
    description: `Business card of ${name}`,
  };
}

/** A hex colour of the card's rule (3, 4, 6 or 8 digits) as six digits; the alpha digits are dropped. */
export function sixDigitHex(hex: string): string {
  const digits = normaliseHexColour(isHexColour(hex) ? hex : '#000').slice(1);
  const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return `#${full.slice(0, 6)}`;
}

/** Apple's colour format: `rgb(r, g, b)`. */
export function hexToRgbString(hex: string): string {
  const full = sixDigitHex(hex).slice(1);
  const [r, g, b] = [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The settings a card's passes start with: the card's own colours, and every phone, email and address. */
export function defaultWalletSettings(theme: Card['theme']): WalletSettings {
  return {
    apple: { ...allPassFields, foregroundColor: theme.foregroundColor, labelColor: theme.labelColor, backgroundColor: theme.backgroundColor },
    google: { ...allPassFields, backgroundColor: theme.backgroundColor },
  };
}
