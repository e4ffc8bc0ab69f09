import crypto from 'node:crypto';
import { z } from 'zod';
import { teamRoles } from '@cardstack/shared/teams/roles';

/**
 * The invitation link's token: what it carries (the invited email, the role, the inviting owner's id and
 * the team owner's id) plus its id and expiry, signed with HMAC-SHA-256 under a key derived from the
 * server secret. The signature makes the carried values trustworthy without a lookup; the database keeps
 * only the token's SHA-256 (a leaked table gives no usable link) and decides revocation and acceptance.
 */
export const invitationTokenClaims = z.object({
  /** Invitation id. */
  id: z.string(),
  email: z.string(),
  role: z.enum(teamRoles),
  /** Who sent it: the inviting owner's user id. */
  invitedBy: z.string(),
  teamOwnerId: z.string(),
  /** Expiry, ms since the epoch. */
  expiresAt: z.number().int(),
});
export type InvitationTokenClaims = z.infer<typeof invitationTokenClaims>;

function signingKey(secret: string): Buffer {
  // A key of its own, so a token can never double as anything else signed with the server secret.
  return crypto.createHmac('sha256', secret).update('team-invitation-v1').digest();
}

export function signInvitationToken(secret: string, claims: InvitationTokenClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = crypto.createHmac('sha256', signingKey(secret)).update(payload).digest('base64url');
  // No separator: a "." would read as a file extension in the /invite/{token} page address.
  return `${payload}${signature}`;
}

/** An HMAC-SHA-256 in base64url without padding is always this long. */
const signatureLength = 43;

/** The carried claims when the signature holds; null for anything tampered with or malformed. Expiry is the caller's to judge. */
export function verifyInvitationToken(secret: string, token: string): InvitationTokenClaims | null {
  if (token.length <= signatureLength || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const payload = token.slice(0, -signatureLength);
  const signature = token.slice(-signatureLength);
  const expected = crypto.createHmac('sha256', signingKey(secret)).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const parsed = invitationTokenClaims.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function hashInvitationToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
