import { z } from 'zod';
import { keyed, type ValidationMessageId } from '../i18n/keyed';
import { localeSchema } from '../i18n/locales';
import { downloadableFile } from './files';
import { hexColourInput } from './hex-colour';
import { imagePositionSchema, imageSlotSchema } from './images';
import { link, linkInput } from './links';
import { toSafeLinkUrl } from './urls';
import { usernameField } from './username';
import { youTubeUrlInput } from './youtube';

/*
 * The card and every request and response of /api/cards. The editor form validates with the
 * same input schemas the server does, so an error shows under its field either way. Input schemas may
 * normalise (links, colours, YouTube); response schemas never transform.
 */

/** Text of at most `max` characters; `tooLong` names the field in its message ("Title must be at most 100 characters"). */
const text = (tooLong: ValidationMessageId, max: number) => z.string().trim().max(max, keyed(tooLong, { max }));

const emailPattern = z.regexes.email;
const invalidEmailMessage = keyed('invalidEmail');
const invalidPhoneMessage = keyed('invalidPhone');
const isPhone = (value: string) => /^\+?[0-9 ()./-]{3,40}$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 3;

/** '' means "not given". */
const optionalEmail = text('emailTooLong', 254).refine((v) => v === '' || emailPattern.test(v), invalidEmailMessage);
const optionalPhone = text('phoneTooLong', 40).refine((v) => v === '' || isPhone(v), invalidPhoneMessage);
const requiredEmail = text('emailTooLong', 254).refine((v) => emailPattern.test(v), invalidEmailMessage);
const requiredPhone = text('phoneTooLong', 40).refine(isPhone, invalidPhoneMessage);
const requiredAddress = text('addressTooLong', 300).min(1, keyed('addressRequired'));

/** A maps link for the address; '' when there is none. */
const optionalWebLink = z
  .string()
  .trim()
  .max(2000, keyed('linkTooLong', { max: 2000 }))
  .transform((value, ctx) => {
    if (value === '') return '';
    const checked = toSafeLinkUrl(value, { webOnly: true });
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', message: checked.message });
      return z.NEVER;
    }
    return checked.url;
  });

// ---- Stored shapes (responses) -------------------------------------------------------------------------

/** Cover image or profile picture. `url` is null until an image is uploaded; alt and position can be set before. */
export const cardImage = z.object({ url: z.string().nullable(), alt: z.string(), position: imagePositionSchema });
export type CardImage = z.infer<typeof cardImage>;

export const widgetKinds = ['youtube'] as const;
/** A YouTube widget: `url` is always an embed URL. */
export const widget = z.object({ kind: z.enum(widgetKinds), url: z.string() });
export type Widget = z.infer<typeof widget>;

/** Card colours; the wallet passes use the same three. */
export const cardTheme = z.object({ backgroundColor: z.string(), foregroundColor: z.string(), labelColor: z.string() });
export type CardTheme = z.infer<typeof cardTheme>;
export const defaultCardTheme: CardTheme = { backgroundColor: '#ffffff', foregroundColor: '#111827', labelColor: '#6b7280' };

/** Shown after a lead or contact form is sent, unless the card's owner set a message of their own. */
export const defaultLeadThankYouMessage = 'Thank you for submitting the form!';
/** The consent box's words when the owner sets none (stored with each lead that ticks it). */
export const defaultLeadConsentText = 'I agree that the owner of this card may store these details and contact me.';
/** The language a card's public page is shown in: '' follows each visitor's browser (Accept-Language). */
export const cardPageLanguage = z.union([z.literal(''), localeSchema]);
export type CardPageLanguage = z.infer<typeof cardPageLanguage>;

/** The lead form on the public page. An empty thank-you message or consent text means the default one. */
export const leadFormSettings = z.object({ isEnabled: z.boolean(), thankYouMessage: z.string(), consentText: z.string() });
export type LeadFormSettings = z.infer<typeof leadFormSettings>;
export const defaultLeadFormSettings: LeadFormSettings = { isEnabled: true, thankYouMessage: '', consentText: '' };

/** What the visitor reads after sending: the owner's message, else the default thanks. */
export function leadThankYouText(settings: Pick<LeadFormSettings, 'thankYouMessage'>): string {
  return settings.thankYouMessage.trim() || defaultLeadThankYouMessage;
}

/** The words beside the consent box: the owner's, else the default. */
export function leadConsentText(settings: Pick<LeadFormSettings, 'consentText'>): string {
  return settings.consentText.trim() || defaultLeadConsentText;
}

export const card = z.object({
  id: z.string(),
  /** Equal to the id at creation; unique ignoring case; part of the public address. */
  username: z.string(),
  ownerId: z.string(),
  /** Set when the owner is in a team. */
  teamOwnerId: z.string().nullable(),
  /** The card's own title, as listed ("Card {title} is set to default"). */
  title: z.string(),
  /** The person's name. */
  name: z.string(),
  companyName: z.string(),
  jobTitle: z.string(),
  description: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  addressLink: z.string(),
  /** Further emails, phones and addresses beside the main ones; vCard and wallets carry all of each. */
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  addresses: z.array(z.string()),
  isDefault: z.boolean(),
  coverImage: cardImage,
  profilePicture: cardImage,
  links: z.array(link),
  downloadableFiles: z.array(downloadableFile),
  widgets: z.array(widget),
  theme: cardTheme,
  leadForm: leadFormSettings,
  pageLanguage: cardPageLanguage,
  /** For cards activated from a physical product. */
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  /** The generated vCard; cleared on every change so it is made again. */
  vcfFileName: z.string().nullable(),
  vcfLink: z.string().nullable(),
  userNameChanged: z.boolean(),
  /** Goes up by one on every change; the public page caches per version. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Card = z.infer<typeof card>;

/** What the cards list shows for each card. */
export const cardSummary = card.pick({
  id: true,
  username: true,
  ownerId: true,
  teamOwnerId: true,
  title: true,
  name: true,
  companyName: true,
  jobTitle: true,
  isDefault: true,
  coverImage: true,
  profilePicture: true,
  version: true,
  createdAt: true,
  updatedAt: true,
});
export type CardSummary = z.infer<typeof cardSummary>;

// ---- Requests ------------------------------------------------------------------------------------------

const imageSettingsInput = z.object({ alt: text('altTextTooLong', 200), position: imagePositionSchema });
const widgetInput = z.discriminatedUnion('kind', [z.object({ kind: z.literal('youtube'), url: youTubeUrlInput })]);

/** Every field the editor changes. Images and files change through their upload routes. */
export const cardEditableFields = z.object({
  title: text('titleTooLong', 100),
  name: text('nameTooLong', 100),
  companyName: text('companyNameTooLong', 100),
  jobTitle: text('jobTitleTooLong', 100),
  description: text('descriptionTooLong', 2000),
  email: optionalEmail,
  phone: optionalPhone,
  address: text('addressTooLong', 300),
  addressLink: optionalWebLink,
  emails: z.array(requiredEmail).max(10, keyed('tooManyEmails', { max: 10 })),
  phones: z.array(requiredPhone).max(10, keyed('tooManyPhones', { max: 10 })),
  addresses: z.array(requiredAddress).max(10, keyed('tooManyAddresses', { max: 10 })),
  coverImage: imageSettingsInput,
  profilePicture: imageSettingsInput,
  links: z.array(linkInput).max(50, keyed('tooManyLinks', { max: 50 })),
  widgets: z.array(widgetInput).max(10, keyed('tooManyVideos', { max: 10 })),
  theme: z.object({ backgroundColor: hexColourInput, foregroundColor: hexColourInput, labelColor: hexColourInput }),
  leadForm: z.object({
    isEnabled: z.boolean(),
    thankYouMessage: text('thankYouMessageTooLong', 300),
    consentText: text('consentTextTooLong', 500).default(''),
  }),
  pageLanguage: z.union([z.literal(''), localeSchema], { error: keyed('chooseLanguage') }),
});

/** A new card; anything left out starts empty. The first card of an owner becomes the default. */
export const createCardInput = cardEditableFields.partial();
export type CreateCardInput = z.input<typeof createCardInput>;
export type CreateCardValues = z.output<typeof createCardInput>;

/** The editor's save: any subset of the editable fields, plus the username. Unknown keys are ignored. */
export const updateCardInput = cardEditableFields.extend({ username: usernameField }).partial();
export type UpdateCardInput = z.input<typeof updateCardInput>;
export type UpdateCardValues = z.output<typeof updateCardInput>;

export const setUsernameInput = z.object({ username: usernameField });
export type SetUsernameInput = z.infer<typeof setUsernameInput>;

export const usernameAvailabilityQuery = z.object({
  username: usernameField,
  /** The card being edited: its own username counts as available. */
  cardId: z.string().max(64).optional(),
});
export const usernameAvailabilityResponse = z.object({ username: z.string(), isAvailable: z.boolean() });
export type UsernameAvailability = z.infer<typeof usernameAvailabilityResponse>;

export const cardIdParams = z.object({ id: z.string().max(64) });
export const cardImageParams = z.object({ id: z.string().max(64), slot: imageSlotSchema });
export const cardFileParams = z.object({ id: z.string().max(64), fileId: z.string().max(64) });

// ---- Responses -----------------------------------------------------------------------------------------

export const cardResponse = z.object({ card });
export type CardResponse = z.infer<typeof cardResponse>;

/** A card of the owner's list, with whether the plan's card limit blocks it. */
export const cardListItem = cardSummary.extend({
  /** Beyond the plan's allowance: kept, but its public page shows the inactive page until the plan allows it. */
  isBlocked: z.boolean(),
});
export type CardListItem = z.infer<typeof cardListItem>;

/** Newest first, at most 1000; the list pages itself in the browser. */
export const cardListResponse = z.object({ cards: z.array(cardListItem) });
export type CardListResponse = z.infer<typeof cardListResponse>;
