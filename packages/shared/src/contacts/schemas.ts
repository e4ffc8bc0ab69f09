import { z } from 'zod';
import { keyed, type ValidationMessageId } from '../i18n/keyed';
import { textFieldsOf } from '../text/text-fields';

/*
 * Contacts and leads (one kind of record: `manualAdd` false for a lead, the default; `teamOwnerId` kept only on the
 * team plan) and every request and response of /api/contacts. The contacts screen validates its forms with the same
 * input schemas the server does, so an error shows under its field either way.
 */

export const contactKinds = ['lead', 'manual', 'scanned'] as const;
export type ContactKind = (typeof contactKinds)[number];
export const contactKindLabels: Record<ContactKind, string> = { lead: 'Lead', manual: 'Added by hand', scanned: 'Scanned card' };

export const contactSorts = ['newest', 'oldest', 'name'] as const;
export type ContactSort = (typeof contactSorts)[number];
export const contactSortLabels: Record<ContactSort, string> = { newest: 'Newest first', oldest: 'Oldest first', name: 'Name (A–Z)' };

export const maxContactPageSize = 100;
export const defaultContactPageSize = 25;
/** Bulk actions take at most one page of the list. */
export const maxBulkContactIds = maxContactPageSize;

export const contactLimits = {
  name: 100,
  email: 254,
  phone: 40,
  company: 100,
  jobTitle: 100,
  message: 2000,
  notes: 5000,
  consentText: 1000,
  search: 100,
} as const;

export const contactMessages = {
  nameOrEmailRequired: 'Enter a name or an email',
  invalidEmail: 'Enter a valid email address',
  invalidPhone: 'Enter a valid phone number',
  notFound: 'Contact not found.',
  someNotFound: 'Some of these contacts were not found. Nothing was deleted.',
  saved: 'Changes saved!',
  created: 'Contact added!',
  deleted: 'Contact deleted!',
  deletedMany: (count: number) => (count === 1 ? '1 contact deleted!' : `${count} contacts deleted!`),
  cardNotFound: 'Card not found.',
  leadFormOff: 'This card does not take contact details.',
} as const;

/** Text of at most `max` characters; `tooLong` names the field in its message. */
const text = (tooLong: ValidationMessageId, max: number) => z.string().trim().max(max, keyed(tooLong, { max }));
const emailPattern = z.regexes.email;
const isPhone = (value: string) => /^\+?[0-9 ()./-]{3,40}$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 3;
/** '' means "not given". */
const optionalEmail = text('emailTooLong', contactLimits.email).refine((v) => v === '' || emailPattern.test(v), keyed('invalidEmail'));
const optionalPhone = text('phoneTooLong', contactLimits.phone).refine((v) => v === '' || isPhone(v), keyed('invalidPhone'));

// ---- Stored shapes (responses) -------------------------------------------------------------------------

export const contactSummary = z.object({
  id: z.string(),
  /** Whose contact it is: the owner of the card the lead came through, or whoever added it by hand. */
  ownerId: z.string(),
  /** The team owner, kept only when the owner was on the team plan when the lead arrived. */
  teamOwnerId: z.string().nullable(),
  /** The card the lead came through (null for a contact added by hand without a card, or a deleted card). */
  cardId: z.string().nullable(),
  /** The card's name for display: its title, else the person's name; kept when the card is deleted. */
  cardName: z.string().nullable(),
  kind: z.enum(contactKinds),
  /** True for contacts the owner added (by hand or by scanning a card), false for leads. */
  manualAdd: z.boolean(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  jobTitle: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactSummary = z.infer<typeof contactSummary>;

/**
 * What a contact read from a paper card keeps beyond its own fields: the first email and phone are the
 * contact's, the rest are here; `hasImage` says the card's photo is stored (GET /api/contacts/:id/card-image).
 */
export const scanDetails = z.object({
  emails: z.array(z.string()).default([]),
  phones: z.array(z.string()).default([]),
  websites: z.array(z.string()).default([]),
  socialLinks: z.array(z.string()).default([]),
  address: z.string().default(''),
  hasImage: z.boolean().default(false),
});
export type ScanDetails = z.output<typeof scanDetails>;

export const contact = contactSummary.extend({
  /** What the visitor wrote in the lead form. */
  message: z.string(),
  /** The owner's own notes. */
  notes: z.string(),
  /** The consent text the visitor agreed to, exactly as shown; null when no consent was given. */
  consentText: z.string().nullable(),
  consentAt: z.string().nullable(),
  /** Null unless the contact was scanned from a card (or a scan was merged into it). */
  scan: scanDetails.nullable(),
});
export type Contact = z.infer<typeof contact>;

/** The card a contact came through, for the detail view; null when the card is gone. */
export const contactCard = z.object({ id: z.string(), username: z.string(), name: z.string() });
export type ContactCard = z.infer<typeof contactCard>;

// ---- Requests ------------------------------------------------------------------------------------------

/** The field bots fill in and people never see; a filled one is answered as a success and dropped. */
export const leadHoneypotField = 'website';

/** What a visitor submits through the lead form on a card's public page. */
export const createLeadInput = z
  .object({
    name: text('nameTooLong', contactLimits.name).default(''),
    email: optionalEmail.default(''),
    phone: optionalPhone.default(''),
    company: text('companyTooLong', contactLimits.company).default(''),
    message: text('messageTooLong', contactLimits.message).default(''),
    /** The consent checkbox; its text is stored with the lead when it is ticked. */
    consent: z.boolean().default(false),
    consentText: text('consentTextTooLong', contactLimits.consentText).default(''),
    [leadHoneypotField]: z.string().max(500).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.name === '' && value.email === '') {
      ctx.addIssue({ code: 'custom', path: ['name'], message: keyed('nameOrEmailRequired') });
    }
  });
export type CreateLeadInput = z.input<typeof createLeadInput>;
export type CreateLeadValues = z.output<typeof createLeadInput>;

export const leadResponse = z.object({ message: z.string() });
export type LeadResponse = z.infer<typeof leadResponse>;

const contactFields = z.object({
  name: text('nameTooLong', contactLimits.name),
  email: optionalEmail,
  phone: optionalPhone,
  company: text('companyTooLong', contactLimits.company),
  jobTitle: text('jobTitleTooLong', contactLimits.jobTitle),
  notes: text('notesTooLong', contactLimits.notes),
});
export type ContactFields = z.infer<typeof contactFields>;

function requireNameOrEmail(value: { name?: string | undefined; email?: string | undefined }, ctx: z.RefinementCtx) {
  if (!value.name && !value.email) {
    ctx.addIssue({ code: 'custom', path: ['name'], message: keyed('nameOrEmailRequired') });
  }
}

/** A contact added by hand; `cardId` optionally names one of the caller's cards it belongs to. */
export const createContactInput = contactFields
  .partial()
  .extend({ cardId: z.string().max(64).nullable().optional() })
  .transform((value) => ({ ...textFieldsOf(value, ['name', 'email', 'phone', 'company', 'jobTitle', 'notes']), cardId: value.cardId ?? null }))
  .superRefine(requireNameOrEmail);
export type CreateContactInput = z.input<typeof createContactInput>;
export type CreateContactValues = z.output<typeof createContactInput>;

/**
 * Any subset of the editable fields. The name-or-email rule is checked against the contact as it will be
 * (a change that blanks the only one of the two is refused by the server with the same message).
 */
export const updateContactInput = contactFields.partial();
export type UpdateContactInput = z.input<typeof updateContactInput>;
export type UpdateContactValues = z.output<typeof updateContactInput>;

/**
 * The add/edit form: every field present, the same rules as the two inputs above. `cardId` is the card a new
 * contact is filed under (`none` for no card); editing does not move a contact.
 */
export const noContactCard = 'none';
export const contactForm = contactFields.extend({ cardId: z.string().max(64) }).superRefine(requireNameOrEmail);
export type ContactFormValues = z.infer<typeof contactForm>;
/** The details drawer's own form: the owner's notes alone. */
export const contactNotesForm = contactFields.pick({ notes: true });

/** Query strings arrive as text; '' means "not set" so a cleared filter can be sent as is. */
const optionalQueryText = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** The list's filter; the export takes the same one. */
export const contactFilter = z.object({
  search: optionalQueryText(contactLimits.search),
  cardId: optionalQueryText(64),
  kind: z
    .union([z.enum(contactKinds), z.literal('')])
    .optional()
    .transform((value) => value || undefined),
  sort: z.enum(contactSorts).default('newest'),
});
export type ContactFilter = z.output<typeof contactFilter>;
export type ContactFilterInput = z.input<typeof contactFilter>;

export const contactListQuery = contactFilter.extend({
  /** Opaque: the `nextCursor` of the previous page. Pages stay stable when new contacts arrive meanwhile. */
  cursor: z.string().max(500).optional(),
  pageSize: z.coerce
    .number()
    .int(keyed('pageSizeWhole'))
    .min(1, keyed('pageSizeTooSmall', { min: 1 }))
    .max(maxContactPageSize, keyed('pageSizeTooLarge', { max: maxContactPageSize }))
    .default(defaultContactPageSize),
});
export type ContactListQuery = z.output<typeof contactListQuery>;
export type ContactListQueryInput = z.input<typeof contactListQuery>;

export const contactIdParams = z.object({ id: z.string().min(1).max(64) });

export const bulkDeleteContactsInput = z.object({
  ids: z
    .array(z.string().min(1).max(64))
    .min(1, keyed('chooseAContact'))
    .max(maxBulkContactIds, keyed('tooManyContacts', { max: maxBulkContactIds })),
});
export type BulkDeleteContactsInput = z.infer<typeof bulkDeleteContactsInput>;

// ---- Responses -----------------------------------------------------------------------------------------

export const contactListResponse = z.object({
  contacts: z.array(contactSummary),
  /** How many contacts match the filter in all. */
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type ContactListResponse = z.infer<typeof contactListResponse>;

export const contactResponse = z.object({ contact, card: contactCard.nullable() });
export type ContactResponse = z.infer<typeof contactResponse>;

export const bulkDeleteContactsResponse = z.object({ deleted: z.number().int() });

/** The cards whose leads the caller sees, for the card filter. */
export const contactCardOptionsResponse = z.object({ cards: z.array(contactCard) });
export type ContactCardOptions = z.infer<typeof contactCardOptionsResponse>;

// ---- Notification settings (/api/account/notifications) ------------------------------------------------

export const notificationSettings = z.object({
  /** An email for each new lead; on unless turned off. */
  isNewLeadEmailOn: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;
