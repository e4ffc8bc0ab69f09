import { z } from 'zod';
import { sessionSummary } from '../auth/schemas';
import { webhookEvents } from '../integrations/schemas';

/*
 * "What still has access to the account": the review after a password change (GET /api/account/access) and
 * "Revoke all access except this browser" (POST /api/account/access/revoke-all, answering the lists left).
 * Sessions carry their ids only, never their tokens.
 */

export const accessApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, as Settings → Integrations shows them. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

/** An app the account owner allowed (an OAuth grant, e.g. Zapier). */
export const accessApp = z.object({ id: z.string(), name: z.string(), connectedAt: z.string() });

/** The webhook subscriptions to one host (only the host: a receiver's full address can hold its own secret). */
export const accessWebhook = z.object({ host: z.string(), events: z.array(z.enum(webhookEvents)) });

export const accountAccess = z.object({
  apiKeys: z.array(accessApiKey),
  apps: z.array(accessApp),
  webhooks: z.array(accessWebhook),
  sessions: z.array(sessionSummary),
});
export type AccountAccess = z.infer<typeof accountAccess>;
