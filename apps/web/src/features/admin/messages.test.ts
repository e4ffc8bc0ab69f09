import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { adminTexts, registrationModeLabels } from '@cardstack/shared/admin/schemas';
import { designRequestStatusLabels } from '@cardstack/shared/design-requests/schemas';
import { designRequestStatusMessageIds, registrationModeMessageIds } from './message-ids';

// Read as written: an imported catalog is compiled for Lingui's runtime.
const english = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'messages', 'en.json'), 'utf8')) as Record<string, string>;
const inEnglish = (ids: Record<string, string>) => Object.fromEntries(Object.entries(ids).map(([value, id]) => [value, english[id]]));

it('says in English what the shared admin texts say', () => {
  expect({ notAdmin: english.notAdmin, saved: english.saved }).toEqual({ notAdmin: adminTexts.notAdmin, saved: adminTexts.saved });
});

it('names every sign-up mode and request status as the shared labels do in English', () => {
  expect(inEnglish(registrationModeMessageIds)).toEqual(registrationModeLabels);
  expect(inEnglish(designRequestStatusMessageIds)).toEqual(designRequestStatusLabels);
});
