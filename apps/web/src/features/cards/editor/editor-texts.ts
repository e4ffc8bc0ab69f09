import { linkKindLabels, linkKindPlaceholders, type LinkKind } from '@cardstack/shared/cards/links';
import type { Formats } from '../../../lib/i18n/format';
import type { Translate } from '../../../lib/i18n/messages';
import type { EditorMessageId } from './messages';

/*
 * Texts of the editor that come from the shared tables (link types, their placeholders) or are made of a number
 * and a unit, in the app's language.
 */

/** The link types whose names are words (the others are brands, named as they name themselves). */
export const translatedKinds = ['website', 'addressUrl', 'viberGroup', 'empty'] as const satisfies readonly LinkKind[];
/** The placeholders with words in them ("@yourname or x.com/yourname"); the others are addresses only. */
export const translatedPlaceholders = ['facebook', 'instagram', 'twitter', 'whatsapp', 'linkedin', 'tikTok', 'telegram', 'snapchat'] as const satisfies readonly LinkKind[];

export function linkKindLabelOf(kind: LinkKind, t: Translate<EditorMessageId>): string {
  return (translatedKinds as readonly LinkKind[]).includes(kind) ? t(`linkKind.${kind as (typeof translatedKinds)[number]}`) : linkKindLabels[kind];
}

export function linkPlaceholderOf(kind: LinkKind, t: Translate<EditorMessageId>): string {
  return (translatedPlaceholders as readonly LinkKind[]).includes(kind)
    ? t(`linkPlaceholder.${kind as (typeof translatedPlaceholders)[number]}`)
    : linkKindPlaceholders[kind];
}

/** A file's size as the card shows it (10 KB, 1.5 MB), with the app's language's digits and units. */
export function fileSizeOf(bytes: number, t: Translate<EditorMessageId>, format: Formats): string {
  const plain = { useGrouping: false };
  if (bytes < 1024) return t('sizeBytes', { size: format.number(bytes, plain) });
  if (bytes < 1024 * 1024) return t('sizeKilobytes', { size: format.number(Math.round(bytes / 1024), plain) });
  return t('sizeMegabytes', { size: format.number(bytes / (1024 * 1024), { ...plain, minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
}
