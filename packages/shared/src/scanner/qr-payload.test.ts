import { describe, expect, it } from 'vitest';
import { buildVCard } from '../vcard/vcard-writer';
import { fieldsOfVCard, readQrPayload } from './qr-payload';
import { emptyScannedFields } from './schemas';

/** As other apps write them: a vCard 3.0 from a phone's contact share and a 4.0 from a card service. */
const vcard30 = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'N:Doe;Jane;Q.;Dr.;',
  'FN:Dr. Jane Q. Doe',
  'ORG:Acme\\, Inc.;Robotics',
  'TITLE:Head of Sales\\, EMEA',
  'TEL;TYPE=WORK,VOICE:+49 30 1234567',
  'TEL;TYPE=CELL:(415) 555-0132',
  'EMAIL;TYPE=INTERNET:Jane.Doe@Acme.example',
  'EMAIL;TYPE=INTERNET:jane@home.example',
  'ADR;TYPE=WORK:;;Hauptstraße 5;Berlin;;10115;Germany',
  'URL:https://acme.example',
  'URL:https://www.linkedin.com/in/janedoe',
  'END:VCARD',
].join('\r\n');

const vcard40 = [
  'BEGIN:VCARD',
  'VERSION:4.0',
  'N:Lopez;Maria;;;',
  'TEL;VALUE=uri;TYPE=cell:tel:+34-612-345-678',
  'EMAIL:maria@example.es',
  'END:VCARD',
].join('\r\n');

describe('readQrPayload', () => {
  it('reads a vCard 3.0 exactly', () => {
    expect(readQrPayload(vcard30, { locale: 'en-US' })).toEqual({
      kind: 'vcard',
      fields: {
        name: 'Dr. Jane Q. Doe',
        jobTitle: 'Head of Sales, EMEA',
        company: 'Acme, Inc., Robotics',
        emails: ['jane.doe@acme.example', 'jane@home.example'],
        phones: ['+49301234567', '+14155550132'],
        websites: ['https://acme.example/'],
        socialLinks: ['https://www.linkedin.com/in/janedoe'],
        address: 'Hauptstraße 5, Berlin, 10115, Germany',
      },
    });
  });

  it('reads a vCard 4.0 without FN from its N and a tel: URI', () => {
    const payload = readQrPayload(vcard40, { locale: 'en-US' });
    expect(payload).toEqual({
      kind: 'vcard',
      fields: { ...emptyScannedFields, name: 'Maria Lopez', emails: ['maria@example.es'], phones: ['+34612345678'] },
    });
  });

  it('reads what our own card pages write', () => {
    const text = buildVCard({
      name: 'Ana Torres',
      companyName: 'Torres Diseño S.L.',
      jobTitle: 'Diseñadora; gráfica',
      phones: ['+34 655 123 456'],
      emails: ['ana@torres.es'],
    });
    const payload = readQrPayload(text);
    expect(payload.kind).toBe('vcard');
    if (payload.kind !== 'vcard') return;
    expect(payload.fields).toMatchObject({
      name: 'Ana Torres',
      company: 'Torres Diseño S.L.',
      jobTitle: 'Diseñadora; gráfica',
      phones: ['+34655123456'],
      emails: ['ana@torres.es'],
    });
  });

  it.each([
    ['https://cards.example.com/id/jane/', { kind: 'link', url: 'https://cards.example.com/id/jane/' }],
    ['  http://x.example/a?b=c ', { kind: 'link', url: 'http://x.example/a?b=c' }],
    ['WIFI:S:guest;T:WPA;P:secret;;', { kind: 'text', text: 'WIFI:S:guest;T:WPA;P:secret;;' }],
    ['BEGIN:VCARD\nthis is not one', { kind: 'text', text: 'BEGIN:VCARD\nthis is not one' }],
  ])('sorts %j', (text, payload) => {
    expect(readQrPayload(text)).toEqual(payload);
  });

  it('answers null for text that is not a vCard', () => {
    expect(fieldsOfVCard('BEGIN:VCALENDAR\r\nEND:VCALENDAR')).toBeNull();
    expect(fieldsOfVCard('garbage')).toBeNull();
  });
});
