import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { locales } from '@cardstack/shared/i18n/locales';
import { shellText } from './shell-text';

const catalogOf = (locale: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'messages', `${locale}.json`), 'utf8')) as Record<string, string>;

/** A page as the build makes it: the shell texts of every language in #shell-texts (vite.config.ts), and its `lang`. */
function pageIn(lang: string) {
  const texts = JSON.stringify(Object.fromEntries(locales.map((locale) => [locale, catalogOf(locale)])));
  vi.stubGlobal('document', {
    documentElement: { lang },
    getElementById: (id: string) => (id === 'shell-texts' ? { textContent: texts } : null),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('shellText', () => {
  it('speaks the page’s language', () => {
    pageIn('de');
    expect(shellText('reload')).toBe('Neu laden');
    pageIn('pt-BR');
    expect(shellText('loading')).toBe('Carregando');
  });

  it('speaks English on a page in a language it does not have', () => {
    pageIn('sv');
    expect(shellText('chunkErrorTitle')).toBe('This page could not be loaded');
  });
});

describe('the shell’s English texts', () => {
  it('are the title and description index.html has (the build puts the other languages’ in their pages)', () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../../index.html'), 'utf8');
    const english = catalogOf('en');
    expect(html).toContain(`<title>${english.documentTitle}</title>`);
    expect(html).toContain(`<meta name="description" content="${english.documentDescription}" />`);
  });
});
