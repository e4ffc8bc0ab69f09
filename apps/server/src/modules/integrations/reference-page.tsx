import { renderHtmlDocument } from '../../html/html-document';

/** The parts of the OpenAPI document the page lists for readers without JavaScript. */
export interface ApiDocument {
  info: { title: string };
  paths: Record<string, Record<string, { summary?: string }>>;
}

/**
 * The page's own policy: everything from this server, nothing from anywhere else. The viewer's stylesheet names
 * fonts on Scalar's servers whatever it is told; this refuses them, and the page shows the system's fonts.
 */
export const referencePagePolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** Where the web app's build puts the reference viewer (Scalar) and the script that starts it on this page. */
export const referenceViewerScripts = ['/api-reference/standalone.js', '/api-reference/start.js'] as const;

/**
 * The public API's reference for people: Scalar's interactive viewer over /api/v1/openapi.json, served from this
 * server (the web app's build copies it; no CDN, no outside fonts). Without JavaScript the page lists the
 * operations and links the document.
 */
export function renderApiReference(document: ApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, summary: operation.summary ?? '' })),
  );
  return renderHtmlDocument(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${document.info.title}: reference`}</title>
      </head>
      <body>
        <div id="api-reference" data-document-url="/api/v1/openapi.json" />
        <noscript>
          <h1>{document.info.title}</h1>
          <p>
            The machine-readable description is <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.
          </p>
          <ul>
            {operations.map((operation) => (
              <li key={operation.key}>
                <code>{operation.key}</code>: {operation.summary}
              </li>
            ))}
          </ul>
        </noscript>
        {referenceViewerScripts.map((src) => (
          <script key={src} src={src} />
        ))}
      </body>
    </html>,
  );
}
