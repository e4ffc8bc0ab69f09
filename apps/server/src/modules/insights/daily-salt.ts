import crypto from 'node:crypto';

/*
 * Unique visitors without tracking: a visitor is the hash of the day's random salt with their address, user
 * agent and the card. The salt is made by whichever process needs it first (stored, so every process of the
 * fleet hashes alike) and deleted once the day is over, together with the day's hashes: after that nobody,
 * not even the operator, can tell whether two days' visitors were the same person. Addresses themselves are
 * held only in memory until the next flush (seconds) and never written.
 */

export interface SaltStore {
  /** The day's salt: the stored one, or a new one stored now if none exists (the first writer wins). */
  saltOf(day: string): Promise<string>;
}

export function newSalt(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function visitorHash(salt: string, visit: { cardId: string; address: string; userAgent: string }): string {
  return crypto.createHmac('sha256', salt).update(`${visit.cardId}\n${visit.address}\n${visit.userAgent}`).digest('base64url').slice(0, 22);
}

/** A salt store that reads each day's salt once per process; `load` creates it or reads the one stored. */
export function cachedSalts(load: (day: string) => Promise<string>): SaltStore {
  const salts = new Map<string, Promise<string>>();
  return {
    saltOf(day) {
      let salt = salts.get(day);
      if (!salt) {
        salt = load(day).catch((error: unknown) => {
          salts.delete(day);
          throw error;
        });
        // Only today's and yesterday's (a late flush) are ever asked for.
        for (const known of salts.keys()) if (known < day) salts.delete(known);
        salts.set(day, salt);
      }
      return salt;
    },
  };
}
