import { apiScopeLabels, webhookEventLabels, webhookEventScopes, webhookEvents } from '@cardstack/shared/integrations/schemas';
import { renderHtmlDocument } from '../../html/html-document';
import { apiOperations } from './openapi';

/** The public API's reference for people: the same operation list the OpenAPI document is built from. */
export function renderApiReference(baseUrl: string): string {
  return renderHtmlDocument(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>API reference</title>
        <style>{'body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#18181b}code,pre{background:#f4f4f5;border-radius:4px;padding:0 .25rem}pre{padding:.75rem;overflow:auto}h2{margin-top:2rem;border-top:1px solid #e4e4e7;padding-top:1rem}'}</style>
      </head>
      <body>
        <h1>API reference</h1>
        <p>
          Base address <code>{baseUrl}</code>. Send <code>Authorization: Bearer &lt;token&gt;</code> with a personal API key (Settings → Integrations) or an
          OAuth 2.0 access token. The machine-readable description is <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.
        </p>
        <h2>Errors</h2>
        <p>
          Errors answer <code>{'{"error":{"code","message"}}'}</code>: 400 for input that is not valid, 401 for a missing, expired or revoked token (refresh an
          OAuth token, then retry), 403 when the token lacks the scope or the plan lacks the feature, 404 for what the account may not see, 429 when the
          key&apos;s rate limit is reached (see <code>Retry-After</code>).
        </p>
        <h2>Scopes</h2>
        <ul>
          {Object.entries(apiScopeLabels).map(([scope, label]) => (
            <li key={scope}>
              <code>{scope}</code>: {label}
            </li>
          ))}
        </ul>
        {apiOperations.map((operation) => (
          <section key={`${operation.method} ${operation.path}`}>
            <h2>
              <code>
                {operation.method.toUpperCase()} {operation.path}
              </code>
            </h2>
            <p>
              <strong>{operation.summary}.</strong> {operation.description}
            </p>
            <p>Scope: {operation.scope ? <code>{operation.scope}</code> : 'none'}</p>
          </section>
        ))}
        <h2>Webhooks</h2>
        <p>Events:</p>
        <ul>
          {webhookEvents.map((event) => (
            <li key={event}>
              <code>{event}</code>: {webhookEventLabels[event]} (a subscription needs the scope <code>{webhookEventScopes[event]}</code> as well as{' '}
              <code>webhooks</code>)
            </li>
          ))}
        </ul>
        <p>
          Each delivery is a JSON POST of <code>{'{"type","timestamp","data"}'}</code>, signed per Standard Webhooks: headers <code>webhook-id</code>,{' '}
          <code>webhook-timestamp</code> and <code>webhook-signature</code> (<code>v1,</code> + base64 HMAC-SHA256 of <code>id.timestamp.body</code>{' '}
          with the subscription&apos;s secret). Verify with any Standard Webhooks library. Answer 2xx to acknowledge and 410 to unsubscribe; anything
          else is retried with growing delays (9 attempts over about four hours). Targets must be https and public.
        </p>
      </body>
    </html>,
  );
}
