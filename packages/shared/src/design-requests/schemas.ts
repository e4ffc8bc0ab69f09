import { z } from 'zod';
import { keyed, type KeyedMessage } from '../i18n/keyed';

/*
 * The public custom design form (a printed NFC card with the customer's own design) and the built-in quote
 * form (Teams with more than 250 cards, Enterprise). Both are stored as requests for the operator's console
 * and mailed to the operator. The page and the server validate with these schemas.
 */

export const designRequestKinds = ['custom-design', 'quote'] as const;
export type DesignRequestKind = (typeof designRequestKinds)[number];
export const designRequestStatuses = ['new', 'in-progress', 'done', 'rejected'] as const;
export type DesignRequestStatus = (typeof designRequestStatuses)[number];
export const designRequestStatusLabels: Record<DesignRequestStatus, string> = {
  new: 'New',
  'in-progress': 'In progress',
  done: 'Done',
  rejected: 'Rejected',
};

export const cardMaterials = ['pvc', 'metal', 'wood', 'recycled'] as const;
export const cardMaterialLabels: Record<(typeof cardMaterials)[number], string> = {
  pvc: 'PVC',
  metal: 'Metal',
  wood: 'Wood',
  recycled: 'Recycled plastic',
};
export const cardFinishes = ['matte', 'glossy', 'soft-touch'] as const;
export const cardFinishLabels: Record<(typeof cardFinishes)[number], string> = { matte: 'Matte', glossy: 'Glossy', 'soft-touch': 'Soft touch' };

/** The hidden field people never see; a bot that fills it gets a thank-you and nothing is stored. */
export const designHoneypotField = 'website';

/** Logo and artwork: images or PDF, 10 MB each. */
export const maxDesignUploadBytes = 10 * 1024 * 1024;
export const designUploadTypes = ['image/png', 'image/jpeg', 'image/svg+xml', 'application/pdf'] as const;
export const designUploadFields = ['logo', 'artwork'] as const;
export type DesignUploadField = (typeof designUploadFields)[number];

export const designRequestTexts = {
  customDesignTitle: 'Order a custom NFC card',
  quoteTitle: 'Get a quote',
  sent: 'Thank you! We received your request and will get back to you soon.',
  badUpload: 'Upload a PNG, JPEG, SVG or PDF file.',
  uploadTooLarge: 'The file is larger than 10 MB.',
  tooMany: 'Too many requests. Please try again later.',
  notFound: 'Request not found.',
} as const;

const contactFields = {
  name: z.string().trim().min(1, keyed('yourNameRequired')).max(100, keyed('atMostCharacters', { max: 100 })),
  email: z.string().trim().max(254).email(keyed('invalidEmail')),
  phone: z.string().trim().max(40, keyed('atMostCharacters', { max: 40 })).default(''),
  company: z.string().trim().max(100, keyed('atMostCharacters', { max: 100 })).default(''),
  notes: z.string().trim().max(4000, keyed('atMostCharacters', { max: 4000 })).default(''),
  [designHoneypotField]: z.string().max(500).default(''),
};

/** A number typed into a form arrives as text; both are accepted. */
const wholeNumber = (min: number, max: number, message: KeyedMessage) =>
  z.union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)]).pipe(z.number().int(message).min(min, message).max(max, message));

export const customDesignInput = z.object({
  ...contactFields,
  quantity: wholeNumber(1, 100_000, keyed('quantityRange', { min: 1, max: 100_000 })),
  material: z.enum(cardMaterials, { message: keyed('chooseMaterial') }),
  finish: z.enum(cardFinishes, { message: keyed('chooseFinish') }),
});
export type CustomDesignInput = z.input<typeof customDesignInput>;

export const quoteInput = z.object({
  ...contactFields,
  company: z.string().trim().min(1, keyed('yourCompanyRequired')).max(100, keyed('atMostCharacters', { max: 100 })),
  cardCount: wholeNumber(1, 1_000_000, keyed('cardCountRequired')),
});
export type QuoteInput = z.input<typeof quoteInput>;

export const designRequestSentResponse = z.object({ message: z.string() });

export const designRequestSummary = z.object({
  id: z.string(),
  kind: z.enum(designRequestKinds),
  status: z.enum(designRequestStatuses),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  notes: z.string(),
  /** Quantity, material and finish of a custom design; the number of cards of a quote. */
  details: z.record(z.string(), z.union([z.string(), z.number()])),
  files: z.array(z.object({ field: z.enum(designUploadFields), name: z.string(), url: z.string() })),
  createdAt: z.string(),
});
export type DesignRequestSummary = z.infer<typeof designRequestSummary>;
