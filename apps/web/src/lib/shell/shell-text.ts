import type english from './messages/en.json';

/** The app shell's own texts that its code shows (the page's title and description are the HTML's). */
export type ShellTextId = Exclude<keyof typeof english, 'documentTitle' | 'documentDescription'>;

/**
 * A text of the app shell (the full-screen spinner's label, the route error screen) in the page's language.
 *
 * The shell is the first screen's JavaScript, which has no room for a translation library or a table of seven
 * languages (e2e/initial-javascript.spec.ts), and the error screen must show when no further chunk can be loaded.
 * So the texts come with the HTML: the build puts `lib/shell/messages/*.json` into every page as a JSON block
 * (#shell-texts, vite.config.ts), and the language is the page's `lang`, which the server sets (it sends the page
 * in the visitor's language, apps/server/src/web/spa.ts) and the app changes with its own (lib/i18n/app-locale.ts).
 * Only the browser calls it: a screen rendered at build time (src/prerender) must not show the spinner's default label.
 */
export function shellText(id: ShellTextId): string {
  // Read when shown (rarely: a route's loading, an error), so there is no copy to keep in step with the page's language.
  const texts = JSON.parse(document.getElementById('shell-texts')!.textContent!) as Record<string, Record<ShellTextId, string> | undefined>;
  return (texts[document.documentElement.lang] ?? texts.en!)[id];
}
