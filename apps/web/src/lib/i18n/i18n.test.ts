import { compileMessage } from '@lingui/message-utils/compileMessage';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { currencyDecimals, formatsFor } from './format';
import { pseudoLocalized, pseudoText } from './pseudo-locale';
import { richText } from './rich-text';

describe('the pseudo-locale', () => {
  it('accents every ASCII letter and keeps rich-text tags', () => {
    expect(pseudoText('Save <link>the card</link> 2x')).toBe('Šàṽé <link>ţĥé çàŕđ</link> 2ẋ');
  });

  it('keeps placeholders and plural keys, and accents the branches', () => {
    const messages = pseudoLocalized({ cards: compileMessage('{owner} has {count, plural, one {# card} other {# cards}}') });
    const i18n = setupI18n({ locale: 'en', messages: { en: messages } });
    expect(i18n._('cards', { owner: 'Ada', count: 2 })).toBe('Ada ĥàš 2 çàŕđš');
    expect(i18n._('cards', { owner: 'Ada', count: 1 })).toBe('Ada ĥàš 1 çàŕđ');
  });
});

describe('formats', () => {
  it.each([
    ['en', 990, 'EUR', '€9.90'],
    ['fr', 990, 'EUR', '9,90\u00a0€'],
    ['de', 123456, 'EUR', '1.234,56\u00a0€'],
    ['ja', 990, 'JPY', '￥990'],
    ['en', 1234, 'KWD', 'KWD\u00a01.234'],
  ] as const)('%s writes %d minor units of %s as %s', (language, minor, currency, written) => {
    expect(formatsFor(language, 'UTC').price(minor, currency)).toBe(written);
  });

  it('knows each currency’s decimals', () => {
    expect([currencyDecimals('EUR'), currencyDecimals('JPY'), currencyDecimals('KWD')]).toEqual([2, 0, 3]);
  });

  it('writes a moment as a day in the account’s time zone', () => {
    const lateEvening = '2026-11-26T23:30:00Z';
    expect(formatsFor('en', 'UTC').date(lateEvening, { dateStyle: 'short' })).toBe('11/26/26');
    expect(formatsFor('de', 'Europe/Berlin').date(lateEvening, { dateStyle: 'short' })).toBe('27.11.26');
  });
});

describe('rich text', () => {
  it('gives each tag its content, wherever the translation put it', () => {
    const parts = richText('Lisez <terms>les conditions</terms> avant.', { terms: (content) => `[${content}]` });
    expect(parts).toHaveLength(3);
    expect(JSON.stringify(parts)).toContain('[les conditions]');
  });
});
