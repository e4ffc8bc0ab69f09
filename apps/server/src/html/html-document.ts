import { createRequire } from 'node:module';
import type { ReactElement } from 'react';
import type * as ServerRendering from 'react-dom/server';

type ServerRenderer = typeof ServerRendering;

// React's server renderer is loaded by the first page rendered, not when the server starts: an idle server
// that has rendered nothing does not hold it (~7 MB).
const requireModule = createRequire(import.meta.url);
let renderer: ServerRenderer | undefined;

/**
 * The one way the server writes HTML (the public card page, the built-in checkout pages, mails): React
 * elements rendered to a string. React escapes every text and attribute value, so what a user typed can
 * neither open a tag nor leave an attribute; no markup is built from strings and nothing uses
 * dangerouslySetInnerHTML. `document` is the whole `<html>` element.
 */
export function renderHtmlDocument(document: ReactElement): string {
  renderer ??= requireModule('react-dom/server') as ServerRenderer;
  return `<!doctype html>${renderer.renderToStaticMarkup(document)}`;
}
