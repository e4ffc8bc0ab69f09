/*
 * The app's colour scheme in this browser (Settings → General): the system's (prefers-color-scheme), or light or
 * dark whatever the system says. Kept in localStorage and shown as <html data-theme>, which styles.css reads; no
 * attribute follows the system. Not on the first screen's JavaScript: the sign-in screens follow the system, and a
 * choice applies once the signed-in layout has loaded (decision 0054).
 */
export const themeChoices = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof themeChoices)[number];

const storageKey = 'cardstack.theme';

export function storedTheme(): ThemeChoice {
  try {
    const stored = localStorage.getItem(storageKey);
    return themeChoices.includes(stored as ThemeChoice) ? (stored as ThemeChoice) : 'system';
  } catch {
    return 'system';
  }
}

/** Shows the choice on the page: data-theme on <html>, none for "system". */
export function applyTheme(choice: ThemeChoice = storedTheme()): void {
  if (choice === 'system') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.setAttribute('data-theme', choice);
}

/** Keeps the choice in this browser and shows it at once. */
export function chooseTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, choice);
  } catch {
    // Storage refused (a private window): the choice holds for this page only.
  }
  applyTheme(choice);
}
