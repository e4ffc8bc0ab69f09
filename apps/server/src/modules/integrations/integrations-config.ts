import { z } from 'zod';
import { booleanFlag, configPiece, documented, isLocalhostUrl, optionalString, wholeNumber } from '../../config-fields';

const zapierVariables = ['ZAPIER_CLIENT_ID', 'ZAPIER_CLIENT_SECRET', 'ZAPIER_REDIRECT_URIS'] as const;

export const integrationsConfig = configPiece({
  title: 'Integrations',
  variables: {
    ZAPIER_CLIENT_ID: documented(optionalString, {
      description: 'Registers Zapier as the OAuth client, with ZAPIER_CLIENT_SECRET and ZAPIER_REDIRECT_URIS (all three or none): the id you chose for it. Unset: the Zapier tile says Zapier is not set up; API keys and webhooks work regardless. See docs/integrations.md.',
    }),
    ZAPIER_CLIENT_SECRET: documented(optionalString, { description: 'The secret you chose for the Zapier client.' }),
    ZAPIER_REDIRECT_URIS: documented(optionalString, {
      description: 'Zapier\'s return address(es), comma separated, exactly as Zapier sends them: each `https://` (with NODE_ENV=production nothing else starts; in development and tests `http://localhost` is accepted too).',
    }),
    ZAPIER_CONNECT_URL: documented(optionalString.pipe(z.string().regex(/^https?:\/\/[^/\s]+/, 'must be an https:// link').optional()), {
      description: 'Where the Zapier tile\'s "Connect" leads: your private Zapier app\'s invite link.',
      shownDefault: '`https://zapier.com/apps`',
    }),
    API_RATE_LIMIT_MAX: documented(wholeNumber(1, 120), {
      description: 'Public API (`/api/v1`) requests per API key or Zapier connection per window (counted in the database, shared by every process).',
    }),
    API_RATE_LIMIT_WINDOW_SECONDS: documented(wholeNumber(1, 60), { description: 'The public API limit\'s window, in seconds.' }),
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: documented(booleanFlag, {
      description: 'true: webhooks may call addresses that are not public (private, loopback, link-local and the other special-purpose ranges: an on-premises receiver). Off, such targets are refused when subscribing and again at each delivery. Webhook targets must be `https` when NODE_ENV=production.',
    }),
  },
  check(env, core, ctx) {
    const zapierSet = zapierVariables.filter((name) => env[name]).length;
    if (zapierSet !== 0 && zapierSet !== 3) {
      const missing = zapierVariables.find((name) => !env[name]);
      ctx.addIssue({ code: 'custom', path: [missing ?? 'ZAPIER_CLIENT_ID'], message: 'set ZAPIER_CLIENT_ID, ZAPIER_CLIENT_SECRET and ZAPIER_REDIRECT_URIS to connect Zapier, or none of them' });
    }
    // The authorization code travels to these addresses: over TLS only. A developer's machine may take it over
    // plain http on its own loopback address, never a production server.
    const isProduction = core.NODE_ENV === 'production';
    for (const uri of (env.ZAPIER_REDIRECT_URIS ?? '').split(',').map((entry) => entry.trim()).filter(Boolean)) {
      const protocol = URL.canParse(uri) ? new URL(uri).protocol : null;
      if (protocol === 'https:' || (protocol === 'http:' && !isProduction && isLocalhostUrl(uri))) continue;
      const allowed = isProduction ? 'absolute https:// URLs' : 'absolute https:// URLs (http:// only on localhost outside production)';
      ctx.addIssue({ code: 'custom', path: ['ZAPIER_REDIRECT_URIS'], message: `must be comma-separated ${allowed} (not: ${uri})` });
    }
  },
  build: (env, core) => ({
    integrations: {
      zapier:
        env.ZAPIER_CLIENT_ID && env.ZAPIER_CLIENT_SECRET && env.ZAPIER_REDIRECT_URIS
          ? {
              clientId: env.ZAPIER_CLIENT_ID,
              clientSecret: env.ZAPIER_CLIENT_SECRET,
              redirectUris: env.ZAPIER_REDIRECT_URIS.split(',').map((entry) => entry.trim()).filter(Boolean),
            }
          : null,
      zapierConnectUrl: env.ZAPIER_CONNECT_URL ?? 'https://zapier.com/apps',
      apiRateLimit: { max: env.API_RATE_LIMIT_MAX, windowSeconds: env.API_RATE_LIMIT_WINDOW_SECONDS },
      // Webhook targets: https only in production; private and loopback addresses only when the operator allows.
      webhooks: { requireHttps: core.NODE_ENV === 'production', allowPrivateTargets: env.WEBHOOKS_ALLOW_PRIVATE_TARGETS },
    },
  }),
});
