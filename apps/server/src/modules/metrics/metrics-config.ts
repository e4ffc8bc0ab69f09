import { z } from 'zod';
import { configPiece, documented, optionalString } from '../../config-fields';

/** METRICS_PORT: a port of its own for /metrics (0: any free port, for tests). */
const metricsPort = optionalString.pipe(
  z
    .string()
    .regex(/^\d+$/, 'must be a port number')
    .transform(Number)
    .pipe(z.number().int().max(65535, 'must be a port number'))
    .optional(),
);

export const metricsConfig = configPiece({
  title: 'Metrics',
  variables: {
    METRICS_TOKEN: documented(optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()), {
      description:
        'Turns on `/metrics` (Prometheus text format) on the main port, for scrapers that send `Authorization: Bearer <token>` (16+ characters); a wrong or missing token gets 401. With METRICS_PORT too, the separate listener asks for the token. Unset together with METRICS_PORT: no metrics are kept. See docs/operations.md.',
    }),
    METRICS_PORT: documented(metricsPort, {
      description:
        'Serves `/metrics` on this port, on a listener of its own (on HOST), and no longer on the main port; keep the port off the public network. Unset together with METRICS_TOKEN: no metrics are kept.',
    }),
  },
  check(env, core, ctx) {
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === core.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT: the metrics get a listener of their own' });
    }
  },
  build: (env) => ({ metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT } }),
});
