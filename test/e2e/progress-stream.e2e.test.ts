/**
 * The progress stream's plumbing on a real database: many subscribers of one document share
 * one poll per tick; heartbeats keep the connection alive; silence closes it.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ProgressHub } from '../../src/modules/generation/progress-hub.js';
import { streamProgress } from '../../src/modules/generation/progress-stream.js';
import { RunEventRepository } from '../../src/modules/generation/run-event.repository.js';
import { apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

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
    const hub = new ProgressHub(server.store.db, 100);
    const received: number[][] = Array.from({ length: 40 }, () => []);
    const unsubscribes = received.map((list) => hub.subscribe(orgId, documentId, 0, (event) => list.push(event.seq)));
    const events = new RunEventRepository(server.store.db);
    const run = { id: 'run_test', runNumber: 1 };
    for (let i = 0; i < 3; i += 1) await events.append(orgId, documentId, run, { event: 'gather_started' }, new Date());
    await new Promise((resolve) => setTimeout(resolve, 600));
    for (const unsubscribe of unsubscribes) unsubscribe();
    hub.close();
    const stored = (await events.listSince(orgId, documentId, 0)).map((e) => e.seq);
    expect(stored).toHaveLength(3);
    for (const list of received) expect(list).toEqual(stored);
    // ~6 ticks in 600 ms plus the first kick, whatever the number of subscribers.
    expect(hub.pollCount).toBeLessThan(15);
  });

  it('sends comment heartbeats and closes after the silence limit', async () => {
    const hub = new ProgressHub(server.store.db, 50);
    const app = Fastify();
    app.get('/stream', (request, reply) => streamProgress(request, reply, hub, { orgId, documentId, afterSeq: 1_000_000 }, { silenceMs: 400, heartbeatMs: 100 }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const started = Date.now();
      const text = await (await fetch(`http://127.0.0.1:${port}/stream`)).text();
      expect(Date.now() - started).toBeGreaterThanOrEqual(350);
      expect(text).toContain(': keep-alive');
      expect(text).not.toContain('data:');
    } finally {
      hub.close();
      await app.close();
    }
  });
});
