import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paidFeatureTexts } from '@cardstack/shared/plans/plan-texts';

/** The English catalog as written (an import would give the build's compiled form). */
const english = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'messages/en.json'), 'utf8')) as Record<string, string>;

describe('the UI kit’s English catalog', () => {
  it('says the paid-feature overlay as the spec and packages/shared do', () => {
    expect({ title: english.paidFeatureTitle, message: english.paidFeatureMessage, upgrade: english.paidFeatureUpgrade }).toEqual(paidFeatureTexts);
  });
});
