import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { physicalCardTexts } from '@cardstack/shared/physical-cards/schemas';

// Read as written: an imported catalog is compiled for Lingui's runtime.
const english = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'messages', 'en.json'), 'utf8')) as Record<string, string>;

it('says in English what the shared physical card texts say', () => {
  expect({ activate: english.activate, unknown: english.unknown, alreadyActivated: english.alreadyActivated }).toEqual({
    activate: physicalCardTexts.activate,
    unknown: physicalCardTexts.unknown,
    alreadyActivated: physicalCardTexts.alreadyActivated,
  });
});
