import { describe, expect, it } from 'vitest';
import { negotiateLocale, supportedLocaleOf, textDirection } from './locales';

describe('the visitor’s language from Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['de-AT,de;q=0.9,en;q=0.8', 'de'],
    ['fr-CA', 'fr'],
    ['pt', 'pt-BR'],
    ['pt-PT,pt;q=0.9', 'pt-BR'],
    ['PT-br', 'pt-BR'],
    ['ja-JP', 'ja'],
    ['ar-EG,ar;q=0.9', 'ar'],
    ['zh-CN,zh;q=0.9,es;q=0.5', 'es'],
    ['en;q=0.5,de;q=0.8', 'de'],
    ['de;q=0,fr', 'fr'],
    ['*', 'en'],
    ['es;q=abc,ja', 'ja'],
    ['nl, sv', 'en'],
  ])('%j → %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });

  it('keeps the header’s order between equal q-values', () => {
    expect(negotiateLocale('ja;q=0.7, fr;q=0.7')).toBe('ja');
  });
});

describe('our languages', () => {
  it.each([
    ['de-CH', 'de'],
    ['es-419', 'es'],
    ['ar', 'ar'],
    ['ko', null],
  ])('%s → %s', (tag, locale) => {
    expect(supportedLocaleOf(tag)).toBe(locale);
  });

  it('runs Arabic right to left and the others left to right', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('ja')).toBe('ltr');
  });
});
