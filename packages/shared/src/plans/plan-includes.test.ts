import { describe, expect, it } from 'vitest';
import { canUseFeature, features } from './features';
import { hasLanded, joinNames, landedFeatures, planIncludes } from './plan-includes';
import { userPlans } from './plans';

describe('what each plan includes', () => {
  it('lists every feature as built: wallets and Zapier on the paid plans only, Insights on every plan', () => {
    for (const feature of ['appleWallet', 'googleWallet', 'zapier', 'analytics'] as const) expect(hasLanded(feature)).toBe(true);
    for (const plan of userPlans) {
      const text = planIncludes(plan).map((line) => line.text).join(' | ');
      expect(text).toMatch(/Insights and Analytics/);
      if (plan === 'basic') expect(text).not.toMatch(/wallet|zapier/i);
    }
  });

  it('lists Insights and Analytics and the card scanner, marked New, on every plan', () => {
    for (const plan of userPlans) {
      expect(planIncludes(plan).filter((line) => line.isNew).map((line) => line.text)).toEqual(['Insights and Analytics', 'AI Scanner']);
    }
  });

  it.each([
    ['basic', ['Insights and Analytics', 'AI Scanner', 'Sharing by link, QR code and NFC', 'Contacts and lead form']],
    [
      'subscribed',
      [
        'Insights and Analytics',
        'AI Scanner',
        'Custom card design',
        'Widgets and attachments',
        'Apple Wallet and Google Wallet passes',
        'CSV export and Zapier',
        'Sharing by link, QR code and NFC',
        'Contacts and lead form',
      ],
    ],
    ['team', ['Insights and Analytics', 'AI Scanner', 'User management and roles', 'Team contacts', 'Excel bulk import', 'Everything in Pro']],
  ] as const)('%s, as built: %j', (plan, texts) => {
    expect(planIncludes(plan).map((line) => line.text)).toEqual(texts);
  });

  it('with every feature built, marks Insights and Analytics and AI Scanner as New on every plan', () => {
    for (const plan of userPlans) {
      const lines = planIncludes(plan, () => true);
      expect(lines.filter((line) => line.isNew).map((line) => line.text)).toEqual(['Insights and Analytics', 'AI Scanner']);
    }
    expect(planIncludes('subscribed', () => true).map((line) => line.text)).toContain('Apple Wallet and Google Wallet passes');
    expect(planIncludes('subscribed', () => true).map((line) => line.text)).toContain('CSV export and Zapier');
  });

  // The pricing cards, the gates and the dialogs read one table: a plan lists exactly the built features it allows.
  it.each(userPlans)('%s lists exactly the built features its gate allows (besides the card line)', (plan) => {
    const listed = new Set(planIncludes(plan).flatMap((line) => line.features));
    const expected = features.filter((feature) => hasLanded(feature) && canUseFeature(plan, feature) && feature !== 'digitalCards' && feature !== 'teamCards');
    expect([...listed].sort()).toEqual(expected.sort());
  });

  it('joins names as a sentence does', () => {
    expect(joinNames(['a'])).toBe('a');
    expect(joinNames(['a', 'b'])).toBe('a and b');
    expect(joinNames(['a', 'b', 'c'])).toBe('a, b and c');
    expect(landedFeatures.size).toBeGreaterThan(0);
  });
});
