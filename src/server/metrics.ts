/**
 * Prometheus metrics (prom-client) in a registry owned by one app instance, so several apps in
 * one process (tests) never collide.
 */
import type { FastifyPluginAsync } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  readonly registry: Registry;
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly requestSeconds: Histogram<'method' | 'route'>;
  readonly renderSeconds: Histogram;
  readonly validationSeconds: Histogram;
  readonly pages: Counter;
  readonly nonCompliant: Counter;
  observeRender(ms: number, pages: number): void;
}

export function createMetrics(queueDepth: () => number, inFlight: () => number): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'a11ypdf_' });
  const requests = new Counter({
    name: 'a11ypdf_http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'a11ypdf_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const renderSeconds = new Histogram({
    name: 'a11ypdf_render_duration_seconds',
    help: 'Time to render one document or image (worker time plus queueing)',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const validationSeconds = new Histogram({
    name: 'a11ypdf_validation_duration_seconds',
    help: 'Time to validate one PDF',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pages = new Counter({
    name: 'a11ypdf_rendered_pages_total',
    help: 'Pages rendered',
    registers: [registry],
  });
  const nonCompliant = new Counter({
    name: 'a11ypdf_noncompliant_outputs_total',
    help: 'Rendered documents whose validation found failures',
    registers: [registry],
  });
  new Gauge({
    name: 'a11ypdf_queue_depth',
    help: 'Tasks waiting for a worker',
    registers: [registry],
    collect() {
      this.set(queueDepth());
    },
  });
  new Gauge({
    name: 'a11ypdf_tasks_in_flight',
    help: 'Tasks running or waiting',
    registers: [registry],
    collect() {
      this.set(inFlight());
    },
  });
  return {
    registry,
    requests,
    requestSeconds,
    renderSeconds,
    validationSeconds,
    pages,
    nonCompliant,
    observeRender(ms, n) {
      renderSeconds.observe(ms / 1000);
      pages.inc(n);
    },
  };
}

/** GET /metrics; the per-request counters are recorded by an app-wide hook in app.ts. */
export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics }> = async (app, { metrics }) => {
  app.get(
    '/metrics',
    { schema: { tags: ['operations'], summary: 'Prometheus metrics' } },
    async (_req, reply) => {
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );
};
