import { useState } from 'react';
import { useMessages } from '../../../lib/i18n/messages';
import { chooseTheme, storedTheme, themeChoices, type ThemeChoice } from '../../../lib/theme';
import { settingsMessages } from '../messages';

const labels = { system: 'themeSystem', light: 'themeLight', dark: 'themeDark' } as const;

/** Light, dark or the system's colours for the app in this browser (lib/theme.ts); applies at once, nothing to save. */
export function AppearanceForm() {
  const t = useMessages(settingsMessages);
  const [choice, setChoice] = useState<ThemeChoice>(storedTheme);
  return (
    <fieldset>
      <legend className="text-sm font-medium text-zinc-800">{t('theme')}</legend>
      <div className="mt-2 flex flex-wrap gap-4">
        {themeChoices.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-zinc-800">
            <input
              type="radio"
              name="theme"
              value={option}
              checked={choice === option}
              onChange={() => {
                setChoice(option);
                chooseTheme(option);
              }}
              className="h-4 w-4 accent-brand-600"
            />
            {t(labels[option])}
          </label>
        ))}
      </div>
      <p className="mt-2 text-sm text-zinc-700">{t('themeHint')}</p>
    </fieldset>
  );
}
