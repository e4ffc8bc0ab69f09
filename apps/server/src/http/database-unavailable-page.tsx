import { renderHtmlDocument } from '../html/html-document';

let page: string | undefined;

/**
 * What a browser opening a page (a public card, a form posted without JavaScript) sees while the database is
 * away: the error handler's message as a page, not as JSON. Rendered on first use.
 */
export function databaseUnavailablePage(message: string): string {
  page ??= renderHtmlDocument(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Back in a moment</title>
      </head>
      <body style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '32rem', margin: '4rem auto', padding: '0 1rem' }}>
        <h1>Back in a moment</h1>
        <p>{message}</p>
      </body>
    </html>,
  );
  return page;
}
