/**
 * Prometheus metrics (prom-client, text exposition format), in two documents an operator can sum
 * (docs/adr/0633-metrics-an-operator-can-sum.md):
 * - `GET /metrics`: what THIS process measured: HTTP requests counted and timed by method, route
 *   pattern (never the raw URL, so ids do not explode the label set) and status (a prom-client
 *   Counter and Histogram: docs/adr/0261-one-way-to-read.md says why not hand-made numbers), and
 *   the process's own runtime metrics. Summing it across API processes is correct.
 * - `GET /metrics/database`: the work recorded in the shared database (generation runs by
 *   outcome, job queue depth and jobs processed, extraction runs and their summed durations, model
 *   tokens), read at scrape time (modules/service-counts.ts says why). Every process would report
 *   the same totals, so they are served apart, to be scraped from ONE target: summing them across
 *   processes would multiply them.
 * Both pass `promtool check metrics` (test/e2e/metrics-promtool.e2e.test.ts).
 * Access: with `METRICS_TOKEN` set, only `Authorization: Bearer <METRICS_TOKEN>`; without it, only
 * loopback callers (a scraper on the same host or a sidecar). Anyone else gets 404, as if the
 * path did not exist. Each app has its own registries, so several servers in one process (tests)
 * never share counters.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { NotFoundError } from '../../kernel/errors.js';
import { workerPoolHeaps } from '../../kernel/worker-pool.js';
import type { ServiceCounts } from '../../modules/service-counts.js';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

function allowed(request: FastifyRequest, token: string | undefined): boolean {
  if (token === undefined) return LOOPBACK.test(request.socket.remoteAddress ?? '');
  const sent = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/** The HTTP request counter and duration histogram, measured in this process. */
function httpMetrics(registry: Registry): { requests: Counter<'method' | 'route' | 'status'>; duration: Histogram<'method' | 'route' | 'status'> } {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'quire_http_requests_total',
    help: 'HTTP requests by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'quire_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status',
    labelNames,
    registers: [registry],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  return { requests, duration };
}

/** One request series of the counter and the histogram: prom-client's children for one label set. */
interface HttpSeries {
  count: { inc(): void };
  time: { observe(seconds: number): void };
}

/**
 * The series of a method, route pattern and status, looked up by the three values. prom-client
 * hashes a label object on every `inc`/`observe`; its `labels()` children hash once, so each
 * label set is resolved the first time it is seen and kept (a few hundred routes × a few
 * statuses per process), not once per request.
 */
function httpSeries(requests: Counter<'method' | 'route' | 'status'>, duration: Histogram<'method' | 'route' | 'status'>) {
  const byRoute = new Map<string, Map<number, HttpSeries>>();
  return (method: string, route: string, status: number): HttpSeries => {
    const key = `${method} ${route}`;
    let byStatus = byRoute.get(key);
    if (byStatus === undefined) {
      byStatus = new Map();
      byRoute.set(key, byStatus);
    }
    let found = byStatus.get(status);
    if (found === undefined) {
      const labels = { method, route, status: String(status) };
      found = { count: requests.labels(labels), time: duration.labels(labels) };
      byStatus.set(status, found);
    }
    return found;
  };
}

/** The gauges of the work done, set from the database at scrape time. */
interface WorkGauges {
  runs: Gauge<'status'>;
  jobs: Gauge<'status'>;
  extractions: Gauge<'status'>;
  extractionSeconds: Gauge<'status'>;
  tokens: Gauge<'direction'>;
}

/** Registers the work gauges, in the order they are exposed. */
function workGauges(registry: Registry): WorkGauges {
  const runs = new Gauge({
    name: 'quire_generation_runs',
    help: 'Generation runs by status (finished, failed, blocked are terminal outcomes; running is in flight)',
    labelNames: ['status'],
    registers: [registry],
  });
  const jobs = new Gauge({
    name: 'quire_jobs',
    help: 'Background jobs by status: queued is the queue depth, done and failed were processed',
    labelNames: ['status'],
    registers: [registry],
  });
  const extractions = new Gauge({
    name: 'quire_extraction_runs',
    help: 'Extraction (processing) runs by status',
    labelNames: ['status'],
    registers: [registry],
  });
  // A gauge (a database total can fall when runs are deleted), so no `_total` suffix.
  const extractionSeconds = new Gauge({
    name: 'quire_extraction_duration_seconds',
    help: 'Summed duration of extraction runs by status, in seconds',
    labelNames: ['status'],
    registers: [registry],
  });
  const tokens = new Gauge({
    name: 'quire_model_tokens',
    help: 'Model tokens used by generation runs, by direction',
    labelNames: ['direction'],
    registers: [registry],
  });
  return { runs, jobs, extractions, extractionSeconds, tokens };
}

/** Sets every work gauge from one reading of the counts. */
function setWorkGauges({ runs, jobs, extractions, extractionSeconds, tokens }: WorkGauges, counts: ServiceCounts, jobsByStatus: Record<string, number>): void {
  for (const [gauge, byStatus] of [
    [runs, counts.runsByStatus],
    [jobs, jobsByStatus],
  ] as const) {
    gauge.reset();
    for (const [status, n] of Object.entries(byStatus)) gauge.set({ status }, n);
  }
  extractions.reset();
  extractionSeconds.reset();
  for (const e of counts.extractions) {
    extractions.set({ status: e.status }, e.count);
    extractionSeconds.set({ status: e.status }, e.seconds);
  }
  tokens.set({ direction: 'input' }, counts.tokens.input);
  tokens.set({ direction: 'output' }, counts.tokens.output);
}

/** `serviceCounts` reads the work done from the database at scrape time (app.ts hands in modules/service-counts.ts). */
export function installMetrics(
  app: FastifyInstance,
  serviceCounts: () => Promise<ServiceCounts>,
  options: { token: string | undefined; jobCounts?: () => Promise<Record<string, number>> },
): void {
  const registry = new Registry();
  processMetrics(registry);
  const { requests, duration } = httpMetrics(registry);
  const databaseRegistry = new Registry();
  const gauges = workGauges(databaseRegistry);

  const series = httpSeries(requests, duration);
  app.addHook('onResponse', (request, reply, done) => {
    const { count, time } = series(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode);
    count.inc();
    time.observe(reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request, options.token)) throw new NotFoundError(`Not Found: GET /metrics`);
    return reply.type(registry.contentType).send(await registry.metrics());
  });

  app.get('/metrics/database', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request, options.token)) throw new NotFoundError(`Not Found: GET /metrics/database`);
    const counts = await serviceCounts();
    // The job engine's own counts when it keeps the jobs (PostgreSQL), else the `jobs` table's.
    const jobsByStatus = options.jobCounts ? await options.jobCounts() : counts.jobsByStatus;
    setWorkGauges(gauges, counts, jobsByStatus);
    return reply.type(databaseRegistry.contentType).send(await databaseRegistry.metrics());
  });
}

/**
 * prom-client's default process and runtime metrics, less the three totals it names like counters
 * though they are gauges (`nodejs_active_{handles,requests,resources}_total`, which promtool
 * refuses); the same counts stay, by type, in `quire_nodejs_active_{handles,requests,resources}`.
 */
function processMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry, prefix: 'quire_' });
  for (const name of ['handles', 'requests', 'resources']) registry.removeSingleMetric(`quire_nodejs_active_${name}_total`);
  // The heap figures above are the main thread's: the worker pools' heaps are the rest of what
  // the process keeps on purpose (bounded by each pool's size and recycling), read at scrape time.
  new Gauge({
    name: 'quire_worker_heap_bytes',
    help: 'V8 heap of the worker threads of each pool (total heap size each reported after its last task), by worker module',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { module, heapMb } of workerPoolHeaps()) this.set({ pool: module }, heapMb * 1048576);
    },
  });
}
