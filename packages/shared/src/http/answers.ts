import { z } from 'zod';

/*
 * Answers shared by many endpoints. Every other answer has its schema beside the endpoint's input, in the
 * feature's own schemas file.
 */

/** `{ ok: true }`: the change was made and there is nothing else to say. */
export const okResponse = z.object({ ok: z.literal(true) });

/**
 * An answer the caller reads nothing from: Better Auth's acknowledgements (`{ status: true }`, `{ token, user }`),
 * whose status code is all that counts. Naming it keeps "not read" a decision, not an omission.
 */
export const unreadAnswer = z.unknown();

/** What the SPA asks before signing in: which sign-in buttons and which billing screens to show. */
export const publicConfig = z.object({
  isGoogleEnabled: z.boolean(),
  billingProvider: z.enum(['stripe', 'test', 'none']),
});
export type PublicConfig = z.infer<typeof publicConfig>;
