import { describe, expect, it } from 'vitest';
import { searchPatternsOf, searchTermsOf, searchTextOf, sortNameOf, trigramQueryOf } from './contact-search';

describe('searchTextOf', () => {
  it('lower-cases the four fields and adds the phone digits', () => {
    expect(searchTextOf({ name: 'Zoë ÅBERG', email: 'Zoe@Example.COM', company: 'ACME', phone: '+49 (30) 1234' }).split('\u001f')).toEqual([
      'zoë åberg',
      'zoe@example.com',
      'acme',
      '+49 (30) 1234',
      '49301234',
    ]);
  });
  it('leaves out empty fields', () => {
    expect(searchTextOf({ name: 'Ada', email: '', company: '', phone: '' })).toBe('ada');
  });
});

describe('sortNameOf', () => {
  it.each([
    [{ name: 'Ada', email: 'z@example.com' }, 'ada'],
    [{ name: '  ', email: 'Zed@example.com' }, 'zed@example.com'],
    [{ name: '', email: '' }, ''],
  ])('%j sorts as %j', (contact, expected) => {
    expect(sortNameOf(contact)).toBe(expected);
  });
});

describe('searchPatternsOf', () => {
  it.each([
    ['Ada', ['%ada%']],
    ['  ', []],
    ['50%', ['%50\\%%']],
    ['a_b', ['%a\\_b%']],
    ['back\\slash', ['%back\\\\slash%']],
    ['030 1234', ['%030 1234%', '%0301234%']],
    ['+49-30', ['%+49-30%', '%4930%']],
    ['12', ['%12%']],
    ['1234', ['%1234%']],
    ['ada 1234', ['%ada 1234%']],
  ])('%j → %j', (term, expected) => {
    expect(searchPatternsOf(term)).toEqual(expected);
  });
});

describe('trigramQueryOf', () => {
  it.each([
    [['ada'], '"ada"'],
    [['030 1234', '0301234'], '"030 1234" OR "0301234"'],
    [['say "hi"'], '"say ""hi"""'],
    [['zoë'], '"zoë"'],
    [['ab'], null],
    [['abc', 'ab'], null],
    [['50%'], '"50%"'],
    [[], null],
  ])('%j → %j (a phrase per term; null when a term is shorter than a trigram)', (terms, expected) => {
    expect(trigramQueryOf(terms)).toBe(expected);
  });

  it('counts characters, not UTF-16 units: two emoji are too short', () => {
    expect(trigramQueryOf(searchTermsOf('😀😀'))).toBeNull();
    expect(trigramQueryOf(searchTermsOf('😀😀😀'))).toBe('"😀😀😀"');
  });
});
