/**
 * A merge run stopped mid-way through the job engine's own mechanism — the service shuts down
 * with no grace, so its running job is aborted and handed back — resumes when the service starts
 * again on the same database: every row ends done exactly once, and no row's document is made twice.
 */
import { afterAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/dialects.js';
import { framesOf, readRawStream } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const ROWS = 16;

/** Reads the run's stream until `done(text so far)` holds; the connection is dropped then (the server may be stopping). */
async function readUntil(server: TestServer, token: string, runId: string, done: (text: string) => boolean): Promise<string> {
  const abort = new AbortController();
  const response = await fetch(`${server.url}/v1/merge-runs/${runId}/progress`, {
    headers: { authorization: `Bearer ${token}`, 'x-org-slug': 'acme' },
    signal: abort.signal,
  });
  const reader = (response.body ?? new ReadableStream<Uint8Array>()).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!done(text)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  abort.abort();
  return text;
}

describeEachDialect('merge run resume', (dialect) => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers.reverse()) await server.close();
  });

  it('resumes after the service stops mid-run, doing no row twice', async () => {
    // No grace: the stop hands the running job back at once, as a process that must go now does.
    const first = await startTestServer({ dialect, env: { SHUTDOWN_GRACE_SECONDS: '0' } });
    servers.push(first);
    const token = await first.login();
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      client_name: `Client ${i + 1}`,
      client_contact: 'Ada',
      firm_name: 'Northwind LLP',
      services: 'Tax advice',
      start_date: '2026-12-01',
      fee_amount: 1000 + i,
      signatory: 'J. Smith',
    }));
    const started = await first.call('POST', '/v1/templates/engagement-letter/merge-runs', {
      token,
      org: 'acme',
      body: { rows, fileNamePattern: 'Resume {{ client_name }}' },
    });
    expect(started.status).toBe(202);
    const runId = ((await started.json()) as { id: string }).id;
    const beforeStop = await readUntil(first, token, runId, (text) => text.includes('"event":"row_done"'));
    expect(framesOf(beforeStop).some((e) => e.event === 'row_done')).toBe(true);
    await first.stop();

    const second = await startTestServer({ dialect, dataDir: first.dataDir, schema: first.schema });
    servers.push(second);
    const token2 = await second.login();
    const stream = await readRawStream(`${second.url}/v1/merge-runs/${runId}/progress`, { authorization: `Bearer ${token2}`, 'x-org-slug': 'acme' }, 180_000);
    const events = framesOf(stream.text) as unknown as Array<{ event: string; row?: number; status?: string; done?: number }>;
    // Started twice (the second time by the restarted service), ended once, with every row done.
    expect(events.filter((e) => e.event === 'merge_started')).toHaveLength(2);
    expect(events.filter((e) => e.event === 'merge_ended')).toEqual([expect.objectContaining({ status: 'finished', done: ROWS, failed: 0 })]);
    const doneRows = events.filter((e) => e.event === 'row_done').map((e) => e.row);
    expect([...doneRows].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));

    const documents = await second.call('GET', '/v1/documents?q=Resume&limit=200', { token: token2, org: 'acme' });
    const titles = ((await documents.json()) as Array<{ title: string }>).map((d) => d.title);
    expect(titles).toHaveLength(ROWS);
    expect(new Set(titles).size).toBe(ROWS);
    const zip = await second.call('GET', `/v1/merge-runs/${runId}/result.zip`, { token: token2, org: 'acme' });
    expect(zip.status).toBe(200);
  });
});
