import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { cardFinishLabels, cardMaterialLabels, designRequestTexts } from '@cardstack/shared/design-requests/schemas';
import { cardFinishMessageIds, cardMaterialMessageIds } from './card-option-labels';

// Read as written: an imported catalog is compiled for Lingui's runtime.
const english = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'messages', 'en.json'), 'utf8')) as Record<string, string>;
const inEnglish = (ids: Record<string, string>) => Object.fromEntries(Object.entries(ids).map(([value, id]) => [value, english[id]]));

it('says in English what the shared design request texts say', () => {
  expect({ customDesignTitle: english.customDesignTitle, quoteTitle: english.quoteTitle }).toEqual({
    customDesignTitle: designRequestTexts.customDesignTitle,
    quoteTitle: designRequestTexts.quoteTitle,
  });
});

it('names every material and finish as the shared labels do in English', () => {
  expect(inEnglish(cardMaterialMessageIds)).toEqual(cardMaterialLabels);
  expect(inEnglish(cardFinishMessageIds)).toEqual(cardFinishLabels);
});
