import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { DURATION_BUCKETS, RequestMetrics } from './request-metrics.js';

type Observation = [method: string, route: string, status: number, seconds: number];

const OBSERVATIONS: Observation[] = [
  ['GET', '/v1/documents/:document_id', 200, 0.0004],
  ['GET', '/v1/documents/:document_id', 200, 0.005],
  ['GET', '/v1/documents/:document_id', 200, 0.0051],
  ['GET', '/v1/documents/:document_id', 404, 0.3],
  ['POST', '/v1/documents', 201, 12],
  ['GET', 'unmatched', 404, 0.002],
  ['GET', '/odd "route"\\with\nnewline', 200, 1],
];

/** Every sample line as `name{labels sorted}` → value, so label order does not matter. */
function samples(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels = (match[2] ?? '').match(/[a-z]+="(?:[^"\\]|\\.)*"/g) ?? [];
    out.set(`${match[1]}{${[...labels].sort().join(',')}}`, match[3] as string);
  }
  return out;
}

/** The same observations through prom-client's Counter and Histogram, as the metrics were kept before. */
async function promClientText(observations: Observation[]): Promise<string> {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const counter = new Counter({ name: 'quire_http_requests_total', help: 'h', labelNames, registers: [registry] });
  const histogram = new Histogram({ name: 'quire_http_request_duration_seconds', help: 'h', labelNames, registers: [registry], buckets: [...DURATION_BUCKETS] });
  for (const [method, route, status, seconds] of observations) {
    counter.inc({ method, route, status: String(status) });
    histogram.observe({ method, route, status: String(status) }, seconds);
  }
  return registry.metrics();
}

describe('RequestMetrics', () => {
  it('writes the samples prom-client wrote for the same requests (names, labels, buckets, sums)', async () => {
    const metrics = new RequestMetrics();
    for (const [method, route, status, seconds] of OBSERVATIONS) metrics.observe(method, route, status, seconds);
    const ours = samples(metrics.exposition());
    const theirs = samples(await promClientText(OBSERVATIONS));
    expect(ours.size).toBe(theirs.size);
    expect(Object.fromEntries(ours)).toEqual(Object.fromEntries(theirs));
    // Spot checks a reader can follow: a 5 ms answer is inside le="0.005", a 12 s one only in +Inf.
    expect(ours.get('quire_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/v1/documents/:document_id",status="200"}')).toBe('2');
    expect(ours.get('quire_http_request_duration_seconds_bucket{le="10",method="POST",route="/v1/documents",status="201"}')).toBe('0');
    expect(ours.get('quire_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/v1/documents",status="201"}')).toBe('1');
    expect(ours.get('quire_http_requests_total{method="GET",route="/v1/documents/:document_id",status="200"}')).toBe('3');
  });

  it('declares each metric once with its type, and escapes label values', () => {
    const metrics = new RequestMetrics();
    metrics.observe('GET', '/a "b"\\c\nd', 200, 0.001);
    const text = metrics.exposition();
    expect(text.match(/^# TYPE quire_http_requests_total counter$/gm)).toHaveLength(1);
    expect(text.match(/^# TYPE quire_http_request_duration_seconds histogram$/gm)).toHaveLength(1);
    expect(text).toContain('quire_http_requests_total{method="GET",route="/a \\"b\\"\\\\c\\nd",status="200"} 1\n');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('writes only the declarations before any request', () => {
    expect(new RequestMetrics().exposition().split('\n').filter((line) => line !== '' && !line.startsWith('#'))).toEqual([]);
  });
});
