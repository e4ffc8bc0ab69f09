import fs from 'node:fs';
import path from 'node:path';
import { setupI18n, type Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { preferencesMessages } from '@cardstack/shared/account/preferences';
import { deviceName } from './components/sessions-panel';
import compiled from './messages/en.json';

/** The English catalog as written (an import would give the build's compiled form). */
const english = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'messages/en.json'), 'utf8')) as Record<string, string>;

describe('the settings’ English catalog', () => {
  it('confirms saved preferences as packages/shared says it', () => {
    expect(english.preferencesSaved).toBe(preferencesMessages.saved);
  });
});

describe('deviceName', () => {
  // The catalog as the app has it: compiled by the build (here the test's plugin), interpolated by Lingui.
  const i18n = setupI18n({ locale: 'en', messages: { en: compiled as unknown as Messages } });
  const t = (id: keyof typeof compiled, values?: Record<string, string | number>) => i18n._(id, values);

  it.each([
    [null, 'Unknown device'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0', 'Edge on Windows'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Linux'],
    ['curl/8.5.0', 'Browser on another system'],
  ])('%s → %s', (userAgent, name) => {
    expect(deviceName(userAgent, t)).toBe(name);
  });
});
