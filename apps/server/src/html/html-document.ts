import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * The one way the server writes HTML (the public card page, the built-in checkout pages, mails): React
 * elements rendered to a string. React escapes every text and attribute value, so what a user typed can
 * neither open a tag nor leave an attribute; no markup is built from strings and nothing uses
 * dangerouslySetInnerHTML. `document` is the whole `<html>` element.
 */
export function renderHtmlDocument(document: ReactElement): string {
  return `<!doctype html>${renderToStaticMarkup(document)}`;
}
