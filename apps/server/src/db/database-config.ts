import { z } from 'zod';
import { configPiece, documented } from '../config-fields';

/** The wait for a connection when the configuration does not say (tests, tools). */
export const defaultConnectTimeoutMs = 5_000;

/** How the server holds its PostgreSQL connections (DATABASE_URL itself is the server's own setting). */
export const databaseConfig = configPiece({
  title: 'Database connections',
  variables: {
    DATABASE_CONNECT_TIMEOUT_MS: documented(z.coerce.number().int().min(100).max(60_000).default(defaultConnectTimeoutMs), {
      description:
        'PostgreSQL only: how long a request waits for a database connection (a new one, or a free one of the pool of 10) before it is answered 503 with `Retry-After: 5`. While the database restarts or fails over, requests get that answer within this time instead of hanging; see docs/self-hosting.md, "When the database restarts".',
    }),
  },
  build: (env) => ({ database: { connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS } }),
});
