import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { locales } from '@cardstack/shared/i18n/locales';
import { walletPassCatalogs, type WalletPassMessageId } from '@cardstack/shared/i18n/wallet-pass/catalogs';

it.each(locales)('the pass preview’s %s labels are the pass’s own', (locale) => {
  const catalog = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'messages', `${locale}.json`), 'utf8')) as Record<string, string>;
  expect(Object.keys(catalog).length).toBeGreaterThan(0);
  for (const [id, message] of Object.entries(catalog)) expect(message, `${locale} ${id}`).toBe(walletPassCatalogs[locale][id as WalletPassMessageId]);
});
