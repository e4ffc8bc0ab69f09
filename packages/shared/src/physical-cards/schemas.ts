import { z } from 'zod';
import { keyed } from '../i18n/keyed';

/*
 * Physical NFC cards sold ahead of their owner ("pre-orders"): the chip and the printed QR code both hold the
 * card's permanent address /id/{preorderId}/. Until someone activates it the address offers "Activate this
 * card"; afterwards it shows the card it is linked to, which its owner may change (a move) or switch off
 * (deactivation) without the chip ever being rewritten.
 */

/** A pre-order id: the unguessable 24-character base62 part of the physical card's address. */
export const preorderIdLength = 24;
export const preorderIdPattern = /^[A-Za-z0-9]{24}$/;
export const preorderIdParams = z.object({ preorderId: z.string().regex(preorderIdPattern, keyed('unknownPhysicalCardId')) });

export const physicalCardTexts = {
  activated: 'Card activated successfully',
  /** The physical card now opens a card the person already had. */
  linked: 'Card successfully activated!',
  notActivatedTitle: 'This card is not activated yet',
  notActivatedText: 'Sign in or create an account to make this physical card yours. Every tap will then open your card.',
  activate: 'Activate this card',
  alreadyActivated: 'This card has already been activated. If it is yours, sign in with the account that activated it.',
  unknown: 'There is no physical card at this address. Check the link on your card.',
  deactivatedTitle: 'This card is not in use',
  deactivatedText: 'The owner of this card has switched it off.',
  tooManyAttempts: 'Too many activation attempts. Please wait a few minutes and try again.',
  moved: 'The physical card now opens the chosen card.',
  deactivated: 'The physical card is switched off.',
  reactivated: 'The physical card opens your card again.',
} as const;

/** Where the "Activate this card" button leads: the SPA signs the visitor in (or up) and activates. */
export const activationPath = (preorderId: string) => `/activate/${encodeURIComponent(preorderId)}`;

export const productFields = {
  productId: z.string().trim().min(1, keyed('productIdRequired')).max(64, keyed('atMostCharacters', { max: 64 })),
  productName: z.string().trim().min(1, keyed('productNameRequired')).max(120, keyed('atMostCharacters', { max: 120 })),
};

/** What the activation page shows before the visitor activates. */
export const preorderStatusResponse = z.object({
  preorder: z.object({
    id: z.string(),
    productName: z.string(),
    status: z.enum(['available', 'activated']),
  }),
});
export type PreorderStatus = z.infer<typeof preorderStatusResponse>['preorder'];

/** Activate: a new card (no `cardId`), or link the physical card to a card the caller already has. */
export const activatePreorderInput = z.object({ cardId: z.string().trim().min(1).max(64).optional() });
export const activationResponse = z.object({ cardId: z.string(), message: z.string() });

export const physicalCardSummary = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  /** The card taps open now. */
  cardId: z.string(),
  isDeactivated: z.boolean(),
  activatedAt: z.string(),
  url: z.string(),
});
export type PhysicalCardSummary = z.infer<typeof physicalCardSummary>;
/** `own`: the caller's physical cards; `team`: those opening the team's cards (for a manager of the team's cards). */
export const physicalCardScopes = ['own', 'team'] as const;
export type PhysicalCardScope = (typeof physicalCardScopes)[number];
export const physicalCardListQuery = z.object({ scope: z.enum(physicalCardScopes).default('own') });
export const physicalCardListResponse = z.object({ physicalCards: z.array(physicalCardSummary) });
export const physicalCardResponse = z.object({ physicalCard: physicalCardSummary, message: z.string() });

/** Link the physical card to another card (of the same owner, or of the same team for a team manager). */
export const assignPhysicalCardInput = z.object({ cardId: z.string().trim().min(1, keyed('chooseCard')).max(64) });
export const physicalCardStateInput = z.object({ isDeactivated: z.boolean() });
