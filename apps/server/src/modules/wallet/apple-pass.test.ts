import { describe, expect, it } from 'vitest';
import { allPassFields } from '@cardstack/shared/wallet/schemas';
import { buildPassJson } from './apple-pass';

const context = {
  passTypeId: 'pass.com.example.cards',
  teamId: 'ABCDE12345',
  serialNumber: 'card-1',
  publicUrl: 'https://cards.example.com/id/card-1/',
  webServiceUrl: 'https://cards.example.com/api/wallet/apple/',
  authenticationToken: 'a'.repeat(43),
  organizationName: 'cards.example.com',
};
const colours = { foregroundColor: '#111827', labelColor: '#6b7280', backgroundColor: '#fff' };
const emptyCard = { title: '', username: '', name: '', jobTitle: '', companyName: '', phone: '', phones: [], email: '', emails: [], address: '', addresses: [] };
const fullCard = {
  ...emptyCard,
  title: 'Work',
  username: 'ada',
  name: 'Ada Lovelace',
  jobTitle: 'Analyst',
  companyName: 'Engines Ltd',
  phone: '+44 1',
  phones: ['+44 2'],
  email: 'ada@example.com',
  address: 'London',
};

describe("Apple's pass.json", () => {
  it('of a full card: generic style, identifiers, web service, explicit QR code, rgb() colours', () => {
    const pass = buildPassJson(fullCard, { ...allPassFields, ...colours }, context);
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.com.example.cards',
      teamIdentifier: 'ABCDE12345',
      serialNumber: 'card-1',
      organizationName: 'Engines Ltd',
      description: 'Business card of Ada Lovelace',
      logoText: 'Engines Ltd',
      foregroundColor: 'rgb(17, 24, 39)',
      labelColor: 'rgb(107, 114, 128)',
      backgroundColor: 'rgb(255, 255, 255)',
      webServiceURL: 'https://cards.example.com/api/wallet/apple/',
      authenticationToken: 'a'.repeat(43),
      barcodes: [{ format: 'PKBarcodeFormatQR', message: 'https://cards.example.com/id/card-1/?src=wallet', messageEncoding: 'iso-8859-1' }],
    });
    expect(pass.generic.primaryFields).toEqual([{ key: 'name', label: 'Name', value: 'Ada Lovelace' }]);
    expect(pass.generic.secondaryFields).toEqual([{ key: 'jobTitle', label: 'Job title', value: 'Analyst' }]);
    expect(pass.generic.headerFields).toEqual([{ key: 'company', label: 'Company', value: 'Engines Ltd' }]);
    expect(pass.generic.auxiliaryFields.map((field) => field.key)).toEqual(['phone', 'email']);
    expect(pass.generic.backFields.map((field) => field.key)).toEqual(['cardName', 'username', 'phone1', 'phone2', 'email1', 'address1', 'card']);
    // The card's title and username, keyed as the product spec's pass payload names them.
    expect(pass.generic.backFields.slice(0, 2)).toEqual([
      { key: 'cardName', label: 'Card name', value: 'Work' },
      { key: 'username', label: 'Username', value: 'ada' },
    ]);
  });

  it('of an empty card: no empty fields, the server named as organisation, still a QR code', () => {
    const pass = buildPassJson(emptyCard, { ...allPassFields, ...colours }, context);
    expect(pass.organizationName).toBe('cards.example.com');
    expect(JSON.parse(JSON.stringify(pass))).not.toHaveProperty('logoText');
    expect(pass.generic).toEqual({
      headerFields: [],
      primaryFields: [{ key: 'name', label: 'Name', value: 'Business card' }],
      secondaryFields: [],
      auxiliaryFields: [],
      backFields: [{ key: 'card', label: 'Card', value: 'https://cards.example.com/id/card-1/?src=wallet' }],
    });
    expect(pass.barcodes).toHaveLength(1);
  });
});
