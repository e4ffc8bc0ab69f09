import { describe, expect, it } from 'vitest';
import type { UserPlan } from '../plans/plans';
import { cardLimitMessage } from './messages';

describe('cardLimitMessage', () => {
  it.each<[UserPlan, number, string]>([
    ['basic', 1, 'Your Basic plan includes 1 card. Upgrade your plan to create more cards.'],
    ['basic', 10, 'Your Basic plan includes 10 cards. Upgrade your plan to create more cards.'],
    ['subscribed', 2, 'Your Pro plan includes 2 cards. Upgrade your plan to create more cards.'],
    ['team', 25, 'Your Teams plan includes 25 cards. Choose a larger team size to create more cards.'],
  ])('%s with %i', (plan, allowance, message) => {
    expect(cardLimitMessage(plan, allowance)).toBe(message);
  });
});
