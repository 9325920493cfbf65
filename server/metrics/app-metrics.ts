// What the server tells Prometheus (docs/decisions/031-metrics-and-request-ids.md), through prom-client, the
// ecosystem's standard client. One AppMetrics per app (tests build many apps in one process, so no global
// registry). This module knows no feature: the app (server/app.ts) hands it what to read, features count through
// the narrow callbacks they are given.
import {
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  Registry,
  type RegistryContentType,
} from 'prom-client';

/** The two text formats a scraper may ask for: OpenMetrics (Accept: application/openmetrics-text) or Prometheus'. */
export type MetricsFormat = 'openmetrics' | 'prometheus';

/** Seconds: from a cached list (a few ms) to an upload on a busy machine (seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type Labels = Record<string, string>;
/** What a gauge or counter read at scrape time says: one value per set of labels. */
export type Readings = readonly (readonly [Labels, number])[];

export class AppMetrics {
  readonly registry = new Registry<RegistryContentType>();
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly replays: Counter<'operation'>;
  private readonly backlogs = new Map<string, () => number | Promise<number>>();
  /** Renders take turns: the format is a setting of the registry. */
  private rendering: Promise<unknown> = Promise.resolve();

  constructor() {
    const registers = [this.registry];
    // Process memory (resident, heap), CPU, event loop lag, open file descriptors, GC.
    collectDefaultMetrics({ register: this.registry });
    this.httpRequests = new Counter({
      name: 'tightlines_http_requests_total',
      help: 'Requests answered, by method, route pattern (never the URL) and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'tightlines_http_request_duration_seconds',
      help: 'Time from the request to its answer, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.replays = new Counter({
      name: 'tightlines_idempotent_replays_total',
      help: "Writes answered from what an earlier request with the same clientId did (the outbox's retries)",
      labelNames: ['operation'],
      registers,
    });
    const backlogs = this.backlogs;
    new Gauge({
      name: 'tightlines_job_backlog',
      help: 'Work waiting in each background job (reportBacklog)',
      labelNames: ['job'],
      registers,
      async collect() {
        this.reset();
        for (const [job, read] of backlogs) this.set({ job }, await read());
      },
    });
  }

  /** One answered request (http/request-log.ts calls it with the route pattern). */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  /** A create or edit answered from an existing clientId, not written again. */
  countReplay(operation: 'create'): void {
    this.replays.inc({ operation });
  }

  /**
   * The hook for background jobs: `read` tells how much work waits (rows to process, say), read at each scrape,
   * published as tightlines_job_backlog{job="NAME"}. A job registers itself once where the app builds it.
   */
  reportBacklog(job: string, read: () => number | Promise<number>): void {
    this.backlogs.set(job, read);
  }

  /** A gauge read at each scrape. */
  gauge(name: string, help: string, labelNames: string[], read: () => Readings | Promise<Readings>): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [labels, value] of await read()) this.set(labels, value);
      },
    });
  }

  /** A counter kept by someone else (a running total), read at each scrape. */
  counter(name: string, help: string, labelNames: string[], read: () => Readings): void {
    new Counter({
      name,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [labels, value] of read()) this.inc(labels, value);
      },
    });
  }

  /** The registry as text, in the format asked for. */
  async render(format: MetricsFormat): Promise<{ contentType: string; text: string }> {
    const rendered = this.rendering.then(async () => {
      this.registry.setContentType(
        format === 'openmetrics' ? Registry.OPENMETRICS_CONTENT_TYPE : Registry.PROMETHEUS_CONTENT_TYPE,
      );
      return { contentType: this.registry.contentType, text: await this.registry.metrics() };
    });
    this.rendering = rendered.catch(() => {});
    return rendered;
  }
}
