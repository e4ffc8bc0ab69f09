import { describe, expect, it } from 'vitest';
import { extractCardFields } from './extract-fields';
import { countryOfLocale } from './ocr-segments';
import { fixtureCards, heldOutCards, ocrLinesOf, precisionPerField } from '../../test/scanner/fixture-cards';
import { emptyScannedFields } from './schemas';

describe('extractCardFields on the fixture cards', () => {
  it('has at least 30 cards in four languages', () => {
    expect(fixtureCards.length).toBeGreaterThanOrEqual(30);
    expect(new Set(fixtureCards.map((card) => card.locale.slice(0, 2)))).toEqual(new Set(['en', 'de', 'fr', 'es']));
  });

  it.each(fixtureCards.map((card) => [card.id, card] as const))('%s', (_id, card) => {
    const fields = extractCardFields(ocrLinesOf(card), { locale: card.locale });
    expect(fields).toEqual({ ...emptyScannedFields, ...card.expected });
  });

  it('precision per field: at least 90% on the tuned cards, at least 60% on the held-out ones', () => {
    const tuned = precisionPerField(fixtureCards);
    const heldOut = precisionPerField(heldOutCards);
    for (const row of tuned) expect(row.precision, row.field).toBeGreaterThanOrEqual(0.9);
    for (const row of heldOut) expect(row.precision, row.field).toBeGreaterThanOrEqual(0.6);
  });
});

describe('the pieces', () => {
  it.each([
    ['de-DE', 'DE'],
    ['en-GB', 'GB'],
    ['en', undefined],
    ['es_MX', 'MX'],
    [undefined, undefined],
  ])('country of locale %s is %s', (locale, country) => {
    expect(countryOfLocale(locale)).toBe(country);
  });

  it.each([
    // line, locale, phones
    ['Tel: +49 (0)30 1234567', 'en-US', ['+49301234567']],
    ['030 1234567', 'de-DE', ['+49301234567']],
    ['(415) 555-0132', 'en-US', ['+14155550132']],
    ['Fax: +1 415 555 0199', 'en-US', []],
    ['01 42 68 53 00', 'fr-FR', ['+33142685300']],
    ['T +34 912 345 678 | M +34 612 345 678', 'en-US', ['+34912345678', '+34612345678']],
    ['12345', 'en-US', []],
  ])('phones in %j (%s)', (line, locale, phones) => {
    expect(extractCardFields([{ text: line }], { locale }).phones).toEqual(phones);
  });

  it.each([
    ['jane@example.com', ['jane@example.com'], []],
    ['JANE.DOE@EXAMPLE.COM', ['jane.doe@example.com'], []],
    ['jane (at) example.org', ['jane@example.org'], []],
    ['jane @ example.org', ['jane@example.org'], []],
    ['www.example.com', [], ['https://www.example.com']],
    ['https://example.com/about', [], ['https://example.com/about']],
    ['Example S.A.', [], []],
    ['Bahnhofstr. 5', [], []],
  ])('emails and websites in %j', (line, emails, websites) => {
    const fields = extractCardFields([{ text: line }], { locale: 'en-US' });
    expect(fields.emails).toEqual(emails);
    expect(fields.websites).toEqual(websites);
  });

  it.each([
    ['linkedin.com/in/jane-doe', 'https://linkedin.com/in/jane-doe'],
    ['https://www.instagram.com/jane', 'https://www.instagram.com/jane'],
    ['Twitter: @janedoe', 'https://x.com/janedoe'],
    ['LinkedIn: jane-doe', 'https://www.linkedin.com/in/jane-doe'],
    ['github: janedoe', 'https://github.com/janedoe'],
  ])('social link %j', (line, link) => {
    expect(extractCardFields([{ text: line }]).socialLinks).toEqual([link]);
  });

  it('reads nothing from nothing', () => {
    expect(extractCardFields([])).toEqual(emptyScannedFields);
    expect(extractCardFields([{ text: '   ' }, { text: '|||' }])).toEqual(emptyScannedFields);
  });

  it('prefers the larger of two person-like lines for the name', () => {
    const fields = extractCardFields([
      { text: 'Maria Lopez', bbox: { x0: 0, y0: 0, x1: 100, y1: 14 } },
      { text: 'Carlos Vega', bbox: { x0: 0, y0: 20, x1: 100, y1: 60 } },
    ]);
    expect(fields.name).toBe('Carlos Vega');
  });
});
