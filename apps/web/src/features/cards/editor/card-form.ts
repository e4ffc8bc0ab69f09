import type { z } from 'zod';
import type { CardViewData } from '@cardstack/card-view/card-view';
import { normaliseLinkUrl } from '@cardstack/shared/cards/links';
import { cardEditableFields, type Card } from '@cardstack/shared/cards/schemas';
import { usernameField } from '@cardstack/shared/cards/username';
import { toYouTubeEmbedUrl } from '@cardstack/shared/cards/youtube';
import { cardDetailsOf } from '@cardstack/shared/cards/card-details';
import type { EditorMessageId } from './messages';

/*
 * The editor's one form, shared by its tabs so nothing typed is lost when switching tabs. It validates with
 * the same schema pieces the server uses.
 */
export const cardEditorSchema = cardEditableFields.extend({ username: usernameField });
export type CardEditorValues = z.input<typeof cardEditorSchema>;
export type CardEditorOutput = z.output<typeof cardEditorSchema>;

export function toEditorValues(card: Card): CardEditorValues {
  return {
    title: card.title,
    name: card.name,
    companyName: card.companyName,
    jobTitle: card.jobTitle,
    description: card.description,
    email: card.email,
    phone: card.phone,
    address: card.address,
    addressLink: card.addressLink,
    emails: [...card.emails],
    phones: [...card.phones],
    addresses: [...card.addresses],
    coverImage: { alt: card.coverImage.alt, position: card.coverImage.position },
    profilePicture: { alt: card.profilePicture.alt, position: card.profilePicture.position },
    links: card.links.map((link) => ({ ...link })),
    widgets: card.widgets.map((widget) => ({ ...widget })),
    theme: { ...card.theme },
    leadForm: { ...card.leadForm },
    pageLanguage: card.pageLanguage,
    username: card.username,
  };
}

export type EditorTab = '' | 'contact-info' | 'links' | 'apple-wallet' | 'google-wallet';

/** The editor's tabs, each named by its message in the editor's catalog. */
export const editorTabs: { path: EditorTab; labelId: EditorMessageId }[] = [
  { path: '', labelId: 'tabMain' },
  { path: 'contact-info', labelId: 'tabContactInfo' },
  { path: 'links', labelId: 'tabLinks' },
  { path: 'apple-wallet', labelId: 'tabAppleWallet' },
  { path: 'google-wallet', labelId: 'tabGoogleWallet' },
];

const tabOfField: Record<keyof CardEditorValues, EditorTab> = {
  title: '',
  name: '',
  companyName: '',
  jobTitle: '',
  description: '',
  coverImage: '',
  profilePicture: '',
  theme: '',
  leadForm: '',
  pageLanguage: '',
  username: '',
  email: 'contact-info',
  phone: 'contact-info',
  address: 'contact-info',
  addressLink: 'contact-info',
  emails: 'contact-info',
  phones: 'contact-info',
  addresses: 'contact-info',
  links: 'links',
  widgets: 'links',
};

/** The tab that shows a field, from its path (`links.2.url` → links); null for a field the form does not have. */
export function editorTabOf(path: string): EditorTab | null {
  const root = path.split('.')[0] ?? '';
  return Object.hasOwn(tabOfField, root) ? tabOfField[root as keyof CardEditorValues] : null;
}

/**
 * The card as the preview shows it: unsaved form values over the stored card (whose images and files
 * change through their own uploads). Links are normalised as the server will store them; a link that is not
 * valid yet shows as text, and a video link only once it is a YouTube link.
 */
export function toPreviewCard(values: Partial<CardEditorValues>, card: Card): CardViewData {
  return {
    ...cardDetailsOf(values),
    coverImage: { ...card.coverImage, ...values.coverImage },
    profilePicture: { ...card.profilePicture, ...values.profilePicture },
    links: (values.links ?? [])
      .filter((link) => link.url.trim() !== '')
      .map((link) => {
        const checked = normaliseLinkUrl(link.kind, link.url);
        return { kind: link.kind, label: link.label?.trim() ?? '', url: checked.ok ? checked.url : '' };
      }),
    downloadableFiles: card.downloadableFiles,
    widgets: (values.widgets ?? []).flatMap((widget) => {
      const url = toYouTubeEmbedUrl(widget.url);
      return url ? [{ kind: widget.kind, url }] : [];
    }),
    theme: { ...card.theme, ...values.theme },
  };
}
