import { z } from 'zod';
import { keyed } from '../i18n/keyed';

/*
 * Settings → General, "This account moved", on the server the account left: the owner names the new server, this
 * server asks it where each card went (account-moves.ts has that contract between the two servers) and from then
 * on answers each moved card's public addresses with a permanent redirect there. Undone by DELETE.
 */

/** POST /api/account/move: the new server's address (an https origin; the server checks the rest). */
export const accountMoveInput = z.object({
  address: z.string().trim().min(1, keyed('moveAddressRequired')).max(2048, keyed('moveAddressTooLong')),
});
export type AccountMoveInput = z.infer<typeof accountMoveInput>;

const movedCardSummary = z.object({
  cardId: z.string(),
  /** The card's title and name as this server has them (what the owner recognises). */
  title: z.string(),
  name: z.string(),
});

/** The move as the panel shows it: where the account went, the cards that follow and those the new server does not name. */
export const accountMove = z.object({
  /** The new server's origin, as entered and checked (`https://cards.example.com`). */
  address: z.string(),
  movedAt: z.string(),
  /** Each moved card and its page on the new server: its old public addresses answer 301 there. */
  cards: z.array(movedCardSummary.extend({ to: z.string() })),
  /** The account's own cards the new server did not name: they keep being served here. */
  notFound: z.array(movedCardSummary),
});
export type AccountMove = z.infer<typeof accountMove>;

/** GET, POST and DELETE /api/account/move answer the move as it is now (null: the account has not moved). */
export const accountMoveResponse = z.object({ move: accountMove.nullable() });
export type AccountMoveResponse = z.infer<typeof accountMoveResponse>;
