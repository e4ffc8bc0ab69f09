import { createRequire } from 'node:module';
import type PromClient from 'prom-client';
import type { Registry } from 'prom-client';

/*
 * What a module sees of the metrics: a counter it increments on its own path (a plain increment, no I/O), and a
 * gauge whose values it computes only when /metrics is scraped (a database count runs once per scrape, never per
 * request). Modules receive this as a need; only this module knows prom-client. With metrics off every call is a
 * no-op and nothing is kept.
 */

export type MetricLabels<L extends string> = Partial<Record<L, string>>;

export interface MetricCounter<L extends string = never> {
  inc(labels?: MetricLabels<L>, value?: number): void;
}

export interface GaugeSample<L extends string = never> {
  labels?: MetricLabels<L>;
  value: number;
}

export interface MetricsRegistry {
  readonly isEnabled: boolean;
  counter<L extends string = never>(options: { name: string; help: string; labelNames?: readonly L[] }): MetricCounter<L>;
  /** `collect` runs at each scrape; the samples it returns replace the previous ones (a label set it omits is gone). */
  gauge<L extends string = never>(options: { name: string; help: string; labelNames?: readonly L[]; collect: () => Promise<GaugeSample<L>[]> | GaugeSample<L>[] }): void;
}

const noCounter: MetricCounter<string> = { inc() {} };

export const disabledMetrics: MetricsRegistry = {
  isEnabled: false,
  counter: () => noCounter,
  gauge() {},
};

/** The registry behind the interface, and the request metrics every route shares. */
export interface PromMetrics extends MetricsRegistry {
  readonly prom: Registry;
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
}

/** prom-client only where metrics are on: an idle server without them never loads it (src/start-imports.test.ts). */
const loadPromClient = (): typeof PromClient => createRequire(import.meta.url)('prom-client') as typeof PromClient;

export function createPromMetrics(): PromMetrics {
  const { Counter, Gauge, Histogram, Registry: PromRegistry, collectDefaultMetrics } = loadPromClient();
  const prom = new PromRegistry();
  // The process's own figures under their usual names (event-loop delay, heap, CPU, GC, handles), for the common dashboards.
  collectDefaultMetrics({ register: prom });
  const requests = new Counter({
    name: 'cards_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern (never the raw address) and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [prom],
  });
  const durations = new Histogram({
    name: 'cards_http_request_duration_seconds',
    help: 'Time from receiving a request to sending the answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [prom],
  });
  return {
    isEnabled: true,
    prom,
    observeRequest(method, route, statusCode, seconds) {
      requests.inc({ method, route, status_code: statusCode });
      durations.observe({ method, route }, seconds);
    },
    counter({ name, help, labelNames = [] }) {
      const counter = new Counter({ name, help, labelNames: [...labelNames], registers: [prom] });
      return { inc: (labels = {}, value = 1) => counter.inc(labels as never, value) };
    },
    gauge({ name, help, labelNames = [], collect }) {
      new Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers: [prom],
        async collect() {
          // A database that does not answer leaves this gauge empty for this scrape; the rest still answers.
          const samples = await Promise.resolve()
            .then(collect)
            .catch((): GaugeSample<string>[] => []);
          this.reset();
          for (const sample of samples) this.set((sample.labels ?? {}) as never, sample.value);
        },
      });
    },
  };
}
