import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { contactKindLabels, contactKinds, contactMessages, contactSortLabels, contactSorts } from '@cardstack/shared/contacts/schemas';
import { contactKindMessages, contactSortMessages } from './contact-format';
import english from './messages/en.json';

/* The catalog's English says what the shared constants say (the server and the SPA's other screens use those). */

// The unit tests import catalogs compiled, as the build does.
const i18n = setupI18n({ locale: 'en', messages: { en: english as unknown as Record<string, string> } });
const t = (id: keyof typeof english, values?: Record<string, string | number>) => i18n._(id, values);

describe('the contacts catalog in English', () => {
  it.each(contactKinds)('names the kind %s as contactKindLabels does', (kind) => {
    expect(t(contactKindMessages[kind])).toBe(contactKindLabels[kind]);
  });

  it.each(contactSorts)('names the order %s as contactSortLabels does', (sort) => {
    expect(t(contactSortMessages[sort])).toBe(contactSortLabels[sort]);
  });

  it('says the toasts and the missing contact as contactMessages does', () => {
    expect(t('changesSaved')).toBe(contactMessages.saved);
    expect(t('contactAdded')).toBe(contactMessages.created);
    expect(t('contactDeleted')).toBe(contactMessages.deleted);
    expect(t('contactNotFound')).toBe(contactMessages.notFound);
    for (const count of [1, 2, 25, 100]) expect(t('contactsDeleted', { count })).toBe(contactMessages.deletedMany(count));
  });
});
