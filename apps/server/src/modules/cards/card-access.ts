import type { Card } from '@cardstack/shared/cards/schemas';
import type { CurrentSession } from '../auth/session';

/**
 * Who is asking. The teams feature adds the caller's team and role permissions here (resolved once per
 * request) and extends `canAccessCard`; nothing else in the cards module decides access.
 */
export interface CardCaller {
  userId: string;
}

export function cardCallerOf(session: CurrentSession): CardCaller {
  return { userId: session.user.id };
}

/**
 * The one rule for reading or changing a card through the API: its owner may. A card the caller may not
 * access is answered exactly like a card that does not exist (404), so ids cannot be probed.
 */
export function canAccessCard(caller: CardCaller, card: Pick<Card, 'ownerId' | 'teamOwnerId'>): boolean {
  return card.ownerId === caller.userId;
}
