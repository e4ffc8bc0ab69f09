import crypto from 'node:crypto';

/*
 * STAND-IN, until the account export module lands: app.ts hands this module `exportIdsOf(userId)`, the ids of the
 * account's exports built on this server, newest first — the export module's `listAccountExportIds(userId)`.
 * Until then every account has one export whose id is derived from the server secret and the account (22
 * base64url characters, like a real export's; nobody without the secret can compute it), so the move can be
 * tried end to end against a new server that answers for it. Remove this file when app.ts passes the real one.
 */
export function standInExportIdsOf(secret: string): (userId: string) => Promise<readonly string[]> {
  return async (userId) => [crypto.createHmac('sha256', secret).update(`account-export:${userId}`).digest('base64url').slice(0, 22)];
}
