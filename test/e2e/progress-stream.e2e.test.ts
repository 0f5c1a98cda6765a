/**
 * The progress stream's plumbing on a real database: many subscribers of one document share
 * one poll per tick; heartbeats keep the connection alive; silence closes it. Polls and
 * heartbeats run on hand-turned tickers and a hand-moved clock: no sleeps, no timing bounds.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ProgressHub } from '../../src/modules/generation/progress-hub.js';
import { streamProgress } from '../../src/modules/generation/progress-stream.js';
import { RunEventRepository } from '../../src/modules/generation/run-event.repository.js';
import { apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { ManualTicker, manualNow } from '../support/manual-ticker.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

/** Reads a streamed body chunk by chunk until `done(text so far)` holds or the stream ends. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, state: { text: string }, done: (text: string) => boolean): Promise<boolean> {
  const decoder = new TextDecoder();
  while (!done(state.text)) {
    const chunk = await reader.read();
    if (chunk.done) return true;
    state.text += decoder.decode(chunk.value, { stream: true });
  }
  return false;
}

describeEachDialect('progress stream', (dialect) => {
  let server: TestServer;
  let documentId: string;
  let orgId: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    const api = await apiFor(server);
    documentId = (await api.post('/v1/documents', { templateId: 'engagement-letter' })).body.document.id;
    orgId = (await server.store.db.selectFrom('organizations').select('id').where('slug', '=', 'acme').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => server?.close());

  it('40 subscribers of one document share one poll per tick and each gets every event once', async () => {
    const ticker = new ManualTicker();
    const hub = new ProgressHub(server.store.db, 100, ticker);
    const received: number[][] = Array.from({ length: 40 }, () => []);
    const unsubscribes = received.map((list) => hub.subscribe(orgId, documentId, 0, (event) => list.push(event.seq)));
    // The first subscriber's kick is the one poll under way; the other 39 join it, and so does this tick.
    await ticker.tick();
    expect(hub.pollCount).toBe(1);

    const events = new RunEventRepository(server.store.db);
    const run = { id: 'run_test', runNumber: 1 };
    for (let i = 0; i < 3; i += 1) await events.append(orgId, documentId, run, { event: 'gather_started' }, new Date());
    await ticker.tick();

    const stored = (await events.listSince(orgId, documentId, 0)).map((e) => e.seq);
    expect(stored).toHaveLength(3);
    expect(received).toEqual(Array.from({ length: 40 }, () => stored));
    // One query per tick, whatever the number of subscribers.
    expect(hub.pollCount).toBe(2);

    for (const unsubscribe of unsubscribes) unsubscribe();
    expect(ticker.active).toBe(0);
    hub.close();
  });

  it('sends comment heartbeats and closes after the silence limit', async () => {
    const hub = new ProgressHub(server.store.db, 50, new ManualTicker());
    const heartbeat = new ManualTicker();
    const clock = manualNow(1_000);
    const app = Fastify();
    app.get('/stream', (request, reply) =>
      streamProgress(request, reply, hub, { orgId, documentId, afterSeq: 1_000_000 }, { silenceMs: 400, heartbeatMs: 100, ticker: heartbeat, now: clock.now }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const response = await fetch(`http://127.0.0.1:${port}/stream`);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = (response.body ?? new ReadableStream<Uint8Array>()).getReader();
      const body = { text: '' };

      // The heartbeat is registered in the same turn that writes ": connected".
      expect(await readUntil(reader, body, (t) => t.includes(': connected'))).toBe(false);
      expect(heartbeat.active).toBe(1);

      clock.advance(399);
      await heartbeat.tick();
      expect(await readUntil(reader, body, (t) => t.includes(': keep-alive'))).toBe(false);

      clock.advance(1);
      await heartbeat.tick();
      expect(await readUntil(reader, body, () => false)).toBe(true); // the server ended the stream
      expect(heartbeat.active).toBe(0);
      expect(body.text).not.toContain('data:');
    } finally {
      hub.close();
      await app.close();
    }
  });
});
