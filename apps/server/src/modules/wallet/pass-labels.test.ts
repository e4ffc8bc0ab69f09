import { describe, expect, it } from 'vitest';
import { allPassFields } from '@cardstack/shared/wallet/schemas';
import { passContent } from '@cardstack/shared/wallet/pass-content';
import { applePassStrings, passLabelIn } from './pass-labels';

describe('a pass’s labels in the phone’s language', () => {
  it.each([
    ['de', { labelId: 'phone' as const }, 'Telefon'],
    ['de', { labelId: 'email' as const, number: 2 }, 'E-Mail 2'],
    ['ja', { labelId: 'address' as const, number: 1 }, '住所 1'],
    ['ar', { labelId: 'company' as const }, 'الشركة'],
  ])('%s %j → %s', (locale, field, label) => {
    expect(passLabelIn(field, locale as 'de')).toBe(label);
  });

  it('gives Apple one pass.strings per language but English, keyed by the English labels of this pass', () => {
    const content = passContent(
      { title: 'Work', username: 'ada', name: 'Ada', jobTitle: 'Analyst', companyName: 'Engines', phone: '+44 1', phones: ['+44 2'], email: 'a@example.com', emails: [], address: '', addresses: [] },
      allPassFields,
      'https://cards.example.com/id/abc/',
    );
    const strings = applePassStrings(content);
    expect(Object.keys(strings).sort()).toEqual(['ar', 'de', 'es', 'fr', 'ja', 'pt-BR']);
    expect(strings.fr).toEqual({
      Company: 'Entreprise',
      Name: 'Nom',
      'Job title': 'Fonction',
      'Card name': 'Nom de la carte',
      Username: 'Nom d’utilisateur',
      Phone: 'Téléphone',
      Email: 'E-mail',
      'Phone 1': 'Téléphone 1',
      'Phone 2': 'Téléphone 2',
      Card: 'Carte',
    });
  });
});
