/**
 * The HTTP request counter and duration histogram of `GET /metrics`, kept as plain numbers per
 * (method, route pattern, status) and written in Prometheus' text format when scraped.
 *
 * Why not prom-client's Counter and Histogram, as the other metrics: they hash the label object
 * (keys sorted, values joined) and validate it on every observation, twice per request, which
 * was ~9 µs of CPU of a ~160 µs cached GET (issue #17). Here a request costs two map lookups, an
 * increment and a bucket search; the text is built only when a scraper asks. The names, labels
 * and buckets are those the prom-client metrics had, so dashboards and alerts see no change.
 */

/** Upper bounds in seconds (`le`), as before: 5 ms to 10 s. */
export const DURATION_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const REQUESTS = 'quire_http_requests_total';
const DURATION = 'quire_http_request_duration_seconds';

interface Series {
  readonly labels: string;
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); the last slot is above the highest bound. */
  readonly perBucket: Float64Array;
}

/** Label values as Prometheus' text format wants them: backslash, quote and newline escaped. */
function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** A number as the text format writes it (`+Inf`, `NaN` spelled out). */
function sampleValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}

export class RequestMetrics {
  /** `${method} ${route}` → status → series. */
  private readonly series = new Map<string, Map<number, Series>>();

  /** Counts one answered request; `route` is the pattern (never the raw URL, whose ids would explode the label set). */
  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route}`;
    let byStatus = this.series.get(key);
    if (byStatus === undefined) {
      byStatus = new Map();
      this.series.set(key, byStatus);
    }
    let entry = byStatus.get(status);
    if (entry === undefined) {
      const labels = `method="${escapeLabelValue(method)}",route="${escapeLabelValue(route)}",status="${status}"`;
      entry = { labels, count: 0, sum: 0, perBucket: new Float64Array(DURATION_BUCKETS.length + 1) };
      byStatus.set(status, entry);
    }
    entry.count += 1;
    entry.sum += seconds;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] as number)) bucket += 1;
    entry.perBucket[bucket] = (entry.perBucket[bucket] as number) + 1;
  }

  /** Both metrics in the text exposition format (version 0.0.4), each line ending in a newline. */
  exposition(): string {
    const all = [...this.series.values()].flatMap((byStatus) => [...byStatus.values()]);
    const lines = [`# HELP ${REQUESTS} HTTP requests by method, route pattern and status`, `# TYPE ${REQUESTS} counter`];
    for (const entry of all) lines.push(`${REQUESTS}{${entry.labels}} ${entry.count}`);
    lines.push(`# HELP ${DURATION} HTTP request duration by method, route pattern and status`, `# TYPE ${DURATION} histogram`);
    for (const entry of all) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((bound, index) => {
        cumulative += entry.perBucket[index] as number;
        lines.push(`${DURATION}_bucket{${entry.labels},le="${bound}"} ${cumulative}`);
      });
      lines.push(`${DURATION}_bucket{${entry.labels},le="+Inf"} ${entry.count}`);
      lines.push(`${DURATION}_sum{${entry.labels}} ${sampleValue(entry.sum)}`);
      lines.push(`${DURATION}_count{${entry.labels}} ${entry.count}`);
    }
    return `${lines.join('\n')}\n`;
  }
}
