import { z } from 'zod';
import { contactLimits } from '../contacts/schemas';
import { keyed, type ValidationMessageId } from '../i18n/keyed';

/*
 * The card scanner's shapes: what the extraction (on the device, or the optional AI endpoint) produces, what the
 * review form saves, and the server's answers. The review form and the server validate with the same schemas.
 */

export const scannerLimits = {
  /** Emails, phones, websites and other links a card may carry into one contact. */
  listItems: 10,
  website: 500,
  address: 500,
  /** The OCR text sent to "Improve with AI". */
  ocrText: 8000,
  /** The photo of the card before the server re-encodes it (the browser sends a downscaled JPEG). */
  imageBytes: 10 * 1024 * 1024,
} as const;

export const scannerMessages = {
  saved: 'Contact saved from the card.',
  noImage: 'Add the photo of the card.',
  aiOff: 'Improve with AI is not set up on this server.',
  aiFailed: 'The AI service did not answer with usable fields. Your fields are unchanged.',
  aiRateLimited: 'Too many AI requests. Wait a minute and try again.',
  mergeTargetNotFound: 'The contact to merge into was not found.',
} as const;

const text = (tooLong: ValidationMessageId, max: number) => z.string().trim().max(max, keyed(tooLong, { max }));
const list = (tooMany: ValidationMessageId, item: z.ZodType<string>) =>
  z.array(item).max(scannerLimits.listItems, keyed(tooMany, { max: scannerLimits.listItems })).default([]);

const emailItem = z
  .string()
  .trim()
  .max(contactLimits.email)
  .refine((value) => z.regexes.email.test(value), keyed('invalidEmail'));
const phoneItem = z
  .string()
  .trim()
  .max(contactLimits.phone)
  .refine((value) => /^\+?[0-9 ()./-]{3,40}$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 3, keyed('invalidPhone'));
const linkItem = z
  .string()
  .trim()
  .max(scannerLimits.website)
  .refine((value) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value), keyed('httpsLinkRequired'));

/** The fields read from a card: the review form's values and the AI endpoint's answer. */
export const scannedFields = z.object({
  name: text('nameTooLong', contactLimits.name).default(''),
  jobTitle: text('jobTitleTooLong', contactLimits.jobTitle).default(''),
  company: text('companyTooLong', contactLimits.company).default(''),
  /** The first is the contact's email; the rest are kept with the contact and matched for duplicates. */
  emails: list('tooManyScannedEmails', emailItem),
  /** E.164 where the number could be read as one (+4930…), else as printed. */
  phones: list('tooManyScannedPhones', phoneItem),
  websites: list('tooManyWebsites', linkItem),
  /** Social profiles (LinkedIn, X, Instagram, …) as links. */
  socialLinks: list('tooManySocialLinks', linkItem),
  address: text('addressTooLong', scannerLimits.address).default(''),
});
export type ScannedFields = z.output<typeof scannedFields>;
export type ScannedFieldsInput = z.input<typeof scannedFields>;

export const emptyScannedFields: ScannedFields = {
  name: '',
  jobTitle: '',
  company: '',
  emails: [],
  phones: [],
  websites: [],
  socialLinks: [],
  address: '',
};

/** The review form as saved: the fields plus the user's note; a name or an email is required, as for contacts. */
export const scannedContactInput = scannedFields
  .extend({
    notes: text('notesTooLong', contactLimits.notes).default(''),
    /** "Merge": the existing contact (one of the duplicates shown) the card's details go into instead of a new one. */
    mergeIntoId: z.string().min(1).max(64).nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (!value.name && value.emails.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: keyed('nameOrEmailRequired') });
    }
  });
export type ScannedContactInput = z.input<typeof scannedContactInput>;
export type ScannedContactValues = z.output<typeof scannedContactInput>;

/** A list typed one item per line: blank lines dropped, each item trimmed. */
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The review form as typed: the lists one item per line. It is checked as the contact it becomes, so a list
 * item's problem sits under the list, at the item's index.
 */
export const scannedContactForm = z
  .object({
    name: z.string(),
    jobTitle: z.string(),
    company: z.string(),
    emails: z.string(),
    phones: z.string(),
    websites: z.string(),
    socialLinks: z.string(),
    address: z.string(),
    notes: z.string(),
  })
  .transform(
    (text): ScannedContactInput => ({
      ...text,
      emails: linesOf(text.emails),
      phones: linesOf(text.phones),
      websites: linesOf(text.websites),
      socialLinks: linesOf(text.socialLinks),
    }),
  )
  .pipe(scannedContactInput);
export type ScannedContactFormText = z.input<typeof scannedContactForm>;

export const duplicateCheckInput = z.object({
  emails: z.array(z.string().trim().max(contactLimits.email)).max(scannerLimits.listItems).default([]),
  phones: z.array(z.string().trim().max(contactLimits.phone)).max(scannerLimits.listItems).default([]),
});
export type DuplicateCheckInput = z.input<typeof duplicateCheckInput>;

export const duplicateContact = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  /** What matched: the email or phone both share. */
  matchedOn: z.array(z.string()),
});
export type DuplicateContact = z.infer<typeof duplicateContact>;
export const duplicateCheckResponse = z.object({ duplicates: z.array(duplicateContact) });
export type DuplicateCheckResponse = z.infer<typeof duplicateCheckResponse>;

export const savedScanResponse = z.object({ contactId: z.string(), isMerged: z.boolean() });
export type SavedScanResponse = z.infer<typeof savedScanResponse>;

/** What the scanner screen needs to know from the server before it reads a card. */
export const scannerConfigResponse = z.object({
  /** Where the OCR worker, its core and the language data are served (versioned, cached for good). */
  assetBase: z.string(),
  /** Tesseract language codes whose data this server has (eng, deu, fra, spa…), English first. */
  languages: z.array(z.string()),
  ai: z.object({
    isEnabled: z.boolean(),
    /** The endpoint's host, shown in the form so the user knows where the text goes. */
    host: z.string().nullable(),
    /** Whether the photo goes too (the operator's choice), not only the text. */
    sendsImage: z.boolean(),
  }),
});
export type ScannerConfig = z.infer<typeof scannerConfigResponse>;

export const improveScanInput = z.object({
  ocrText: z.string().max(scannerLimits.ocrText, keyed('ocrTextTooLong', { max: scannerLimits.ocrText })),
  /** A data: URL of the prepared photo; sent on only when the operator enabled vision. */
  imageDataUrl: z
    .string()
    .max(4 * 1024 * 1024)
    .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/, keyed('imageDataUrlInvalid'))
    .optional(),
  current: scannedFields,
});
export type ImproveScanInput = z.input<typeof improveScanInput>;

export const improveScanResponse = z.object({ fields: scannedFields });
export type ImproveScanResponse = z.infer<typeof improveScanResponse>;
