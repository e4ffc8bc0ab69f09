import { describe, expect, it } from 'vitest';
import { featuresLost } from './features';
import { downgradeImpacts, downgradeImpactsFor, downgradeImpactsShown, downgradeImpactsWith, downgradeMoves } from './downgrade';
import { hasLanded } from './plan-includes';
import { isDowngrade, userPlans, type UserPlan } from './plans';
import {
  downgradeDialogTexts,
  downgradeSuccessTexts,
  paidFeatureTexts,
  pricingModelChangeDialogTexts,
  pricingScreenTexts,
} from './plan-texts';

describe('downgrade impact lists', () => {
  it('has a list for Pro to Basic, Teams to Basic and Teams to Pro, and none for other moves', () => {
    for (const from of userPlans) {
      for (const to of userPlans) {
        expect(downgradeImpactsFor(from, to) !== null).toBe(isDowngrade(from, to));
      }
    }
    expect(downgradeMoves).toEqual(['subscribed->basic', 'team->basic', 'team->subscribed']);
  });

  it.each([
    ['subscribed', 'basic', 1],
    ['team', 'basic', 1],
    ['team', 'subscribed', 2],
  ] as const)('%s -> %s: "1 card or 2 cards kept with the rest locked" keeps %i', (from, to, kept) => {
    const cardLine = downgradeImpactsFor(from, to)?.find((impact) => impact.keptCards !== undefined);
    expect(cardLine?.keptCards).toBe(kept);
    expect(cardLine?.effect).toBe('lockCards');
    expect(cardLine?.text).toBe(
      kept === 1 ? 'Only 1 card is kept; the rest are locked.' : 'Only 2 cards are kept; the rest are locked.',
    );
  });

  // With every feature built, the lists read as the product words them: "1 card or 2 cards kept with the rest
  // locked, design reset, widgets and attachments erased, Apple and Google Wallet locked, CSV export and Zapier
  // locked; for Teams also user management, roles, team contacts and Excel bulk import locked, and team cards
  // set to basic."
  const full = downgradeImpactsWith(() => true);
  const teamLines = ['User management, roles, team contacts and Excel bulk import are locked.', 'Team cards are set to Basic.'];
  it.each([
    [
      'subscribed->basic',
      [
        'Only 1 card is kept; the rest are locked.',
        'Your card design is reset to the default.',
        'Widgets and attachments are erased.',
        'Apple Wallet and Google Wallet are locked.',
        'CSV export and Zapier are locked.',
      ],
    ],
    [
      'team->basic',
      [
        'Only 1 card is kept; the rest are locked.',
        'Your card design is reset to the default.',
        'Widgets and attachments are erased.',
        'Apple Wallet and Google Wallet are locked.',
        'CSV export and Zapier are locked.',
        ...teamLines,
      ],
    ],
    ['team->subscribed', ['Only 2 cards are kept; the rest are locked.', ...teamLines]],
  ] as const)("%s: the product's full list, which is also what this instance lists (every feature is built)", (move, texts) => {
    expect(full[move].map((impact) => impact.text)).toEqual(texts);
    expect(downgradeImpacts[move].map((impact) => impact.text)).toEqual(texts);
  });

  it.each([
    ['subscribed->basic', ['lockCards', 'resetDesign', 'eraseWidgetsAndAttachments', 'lock', 'lock']],
    ['team->basic', ['lockCards', 'resetDesign', 'eraseWidgetsAndAttachments', 'lock', 'lock', 'lock', 'teamCardsToBasic']],
    ['team->subscribed', ['lockCards', 'lock', 'teamCardsToBasic']],
  ] as const)('%s: the job does what each line says (%j)', (move, effects) => {
    expect(downgradeImpacts[move].map((impact) => impact.effect)).toEqual(effects);
  });

  // The feature table and the lists must not drift apart: a downgrade never takes away something unannounced.
  it.each(downgradeMoves)('%s announces exactly the built features the move takes away', (move) => {
    const [from, to] = move.split('->') as [UserPlan, UserPlan];
    const announced = downgradeImpacts[move].flatMap((impact) => impact.features);
    expect([...announced].sort()).toEqual(featuresLost(from, to).filter(hasLanded).sort());
    const announcedIfAllBuilt = full[move].flatMap((impact) => impact.features);
    expect([...announcedIfAllBuilt].sort()).toEqual([...featuresLost(from, to)].sort());
  });

  it.each([
    [2, 'Only 2 cards are kept; the rest are locked.'],
    [null, null],
  ] as const)('the list shown states the person\'s own allowance (%s)', (kept, cardLine) => {
    const shown = downgradeImpactsShown('subscribed', 'basic', kept).map((impact) => impact.text);
    expect(shown[0]).toBe(cardLine ?? 'Your card design is reset to the default.');
  });
});

describe('pricing screen, overlay and dialog texts', () => {
  it('are the product\'s exact words', () => {
    expect(pricingScreenTexts).toMatchObject({
      title: 'Choose your pricing plan',
      payMonthly: 'Pay Monthly',
      payYearly: 'Pay Yearly',
      currentPlan: 'Current plan',
      getQuote: 'Get a quote',
      readMore: 'Read more',
      collapse: 'Collapse',
    });
    expect(paidFeatureTexts).toMatchObject({
      title: 'This is a Paid feature',
      message: 'Upgrade your account to use this feature',
    });
    expect(downgradeDialogTexts).toEqual({ title: 'Are you sure you want to downgrade?', cancel: 'Cancel', confirm: 'Downgrade' });
    expect(pricingModelChangeDialogTexts).toEqual({
      title: 'Are you sure you want to change the pricing model?',
      cancel: 'Cancel',
      confirm: 'Confirm',
    });
    expect(downgradeSuccessTexts).toEqual({ title: 'Plan downgraded successfully!', goToCards: 'Go to digital cards' });
  });
});
