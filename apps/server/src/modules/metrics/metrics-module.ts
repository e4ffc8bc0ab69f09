import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { answersUnderLoad } from '../../http/overload';
import type { JobAdmin } from '../../jobs/jobs-module';
import type { AppModule } from '../module-contract';
import { createPromMetrics, disabledMetrics, type MetricsRegistry, type PromMetrics } from './metrics-registry';

/*
 * The Prometheus endpoint. Off unless METRICS_TOKEN or METRICS_PORT is set: then every answered request is counted
 * by its route pattern and status (an increment and a histogram observation in `onResponse`), and the gauges that
 * need the database (jobs per kind and status here; the mail backlog, credential expiry… in their modules) are read
 * when /metrics is scraped. Other modules receive `registry` as a need. docs/operations.md documents the metrics.
 */
export type { GaugeSample, MetricCounter, MetricsRegistry } from './metrics-registry';

export interface MetricsNeeds {
  settings: { token?: string | undefined; port?: number | undefined };
  /** Where the separate listener binds (the server's HOST). */
  host: string;
  jobs: Pick<JobAdmin, 'countsByKind'>;
  logger: Pick<Logger, 'info'>;
}

export interface MetricsModule extends AppModule {
  registry: MetricsRegistry;
  /** The port of the separate listener (METRICS_PORT) once it listens; null otherwise. */
  listenerPort(): number | null;
}

/** The job states a scrape reports ("done" only grows and says nothing about health). */
const reportedJobStatuses = { queued: 'queued', running: 'active', failed: 'failed', dead: 'dead' } as const;

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the token, compared in constant time. */
export function hasBearerToken(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return presented !== undefined && crypto.timingSafeEqual(sha256(presented), sha256(token));
}

async function scrape(metrics: PromMetrics): Promise<{ contentType: string; body: string }> {
  return { contentType: metrics.prom.contentType, body: await metrics.prom.metrics() };
}

export function createMetricsModule(needs: MetricsNeeds): MetricsModule {
  const { token, port } = needs.settings;
  if (!token && port === undefined) return { name: 'metrics', registry: disabledMetrics, listenerPort: () => null };

  const metrics = createPromMetrics();
  metrics.gauge({
    name: 'cards_jobs',
    help: 'Background jobs by kind and state (queued, active, failed and waiting for a retry, dead), read at each scrape.',
    labelNames: ['kind', 'status'],
    async collect() {
      const rows = await needs.jobs.countsByKind();
      return rows.flatMap((row) => {
        const status = reportedJobStatuses[row.status as keyof typeof reportedJobStatuses];
        return status ? [{ labels: { kind: row.kind, status }, value: row.count }] : [];
      });
    },
  });

  let listener: http.Server | null = null;

  const isAuthorized = (header: string | undefined) => !token || hasBearerToken(header, token);

  async function startListener(): Promise<void> {
    const server = http.createServer((request, response) => {
      const pathname = (request.url ?? '/').split('?')[0];
      if (pathname !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      if (!isAuthorized(request.headers.authorization)) {
        response.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('Unauthorized\n');
        return;
      }
      scrape(metrics).then(
        ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(request.method === 'HEAD' ? undefined : body),
        () => response.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be collected\n'),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, needs.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    listener = server;
    needs.logger.info({ port: (server.address() as AddressInfo).port }, 'metrics listening');
  }

  return {
    name: 'metrics',
    registry: metrics,
    listenerPort: () => (listener ? (listener.address() as AddressInfo).port : null),
    routes(app) {
      app.addHook('onResponse', (request, reply, done) => {
        // The route's pattern (`/id/:key/`), never the address asked for: one series per route, not per card.
        metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
        done();
      });
      if (port !== undefined) {
        app.addHook('onReady', startListener);
        // The main port answers as for any unknown endpoint (not the SPA's page, which a scraper would read as 200).
        app.get('/metrics', async (_request, reply) => reply.status(404).send({ error: { code: 'not-found', message: 'No such endpoint: GET /metrics' } }));
        return;
      }
      app.get('/metrics', { config: answersUnderLoad }, async (request: FastifyRequest, reply: FastifyReply) => {
        if (!isAuthorized(request.headers.authorization)) {
          return reply.status(401).header('www-authenticate', 'Bearer').send({ error: { code: 'unauthorized', message: 'A valid metrics bearer token is required.' } });
        }
        const { contentType, body } = await scrape(metrics);
        return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
      });
    },
    async close() {
      const server = listener;
      listener = null;
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
