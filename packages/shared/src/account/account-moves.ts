import { z } from 'zod';

/*
 * How a moved account's old server learns where each card went. An account export's archive names its export
 * (`exportId` in the archive's `manifest.json`); the server that imports the archive keeps which of its cards
 * each archived card became, and answers `GET /api/account/moves/{exportId}` with the public address of each.
 * The old server, told "this account moved to <address>", asks that address for its exports' ids and answers
 * 301 from each moved card's public addresses to the card's new one.
 *
 * The id is 128 random bits: knowing it means holding the archive (or being the server that built it).
 */

/** An account export's id: 128 random bits in base64url (22 characters). */
export const accountExportIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/** `GET /api/account/moves/{exportId}` on the new server: 404 until an import of that archive has finished. */
export const accountMovesResponseSchema = z.object({
  cards: z.array(
    z.object({
      /** The card's id on the server that built the archive. */
      from: z.string().min(1).max(64),
      /** The card's public page on the server that imported it (`https://…/id/{key}/`). */
      to: z.string().url().max(2048),
    }),
  ),
});
export type AccountMovesResponse = z.infer<typeof accountMovesResponseSchema>;
