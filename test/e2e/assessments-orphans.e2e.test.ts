/**
 * A processing job left `running` by a process that died: at the next start the queue hands it
 * to `onOrphaned`, which puts the run back to `queued`, and the retried job processes it.
 */
import os from 'node:os';
import { afterAll, expect, it } from 'vitest';
import { apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

describeEachDialect('assessment processing after a crash', (dialect) => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers.reverse()) await s.close().catch(() => undefined);
  });

  it('re-runs an orphaned processing run when the service starts again', async () => {
    const first = await startTestServer({ dialect });
    servers.push(first);
    const token = await first.login();
    const created = await postMultipart(first, token, 'acme', '/assessments', { name: 'Crash' }, [{ name: 'a.txt', bytes: Buffer.from('Vendor: Contoso Ltd\n'), type: 'text/plain' }]);
    expect(created.status).toBe(201);
    await first.jobs.idle();
    const docId: string = created.body.documents[0].id;
    const runId: string = created.body.documents[0].latest_run_id;
    const db = first.store.db;
    // Make it look like a process died mid-run: run and document "running", items not written yet.
    await db.deleteFrom('extracted_items').where('run_id', '=', runId).execute();
    await db.updateTable('processing_runs').set({ status: 'running', finished_at: null, item_count: 0 }).where('id', '=', runId).execute();
    await db.updateTable('source_documents').set({ processing_status: 'processing' }).where('id', '=', docId).execute();
    await db.updateTable('jobs').set({ status: 'running', locked_by: `${os.hostname()}:2147483646:dead` }).where('id', '=', `assessments.process-run:${runId}`).execute();
    await first.stop();

    const second = await startTestServer({ dialect, dataDir: first.dataDir, schema: first.schema });
    servers.push(second);
    await second.jobs.idle();
    const api = await apiFor(second);
    const doc = await api.get(`/documents/${docId}`);
    expect(doc.body).toMatchObject({ processing_status: 'processed', latest_run_id: runId });
    const items = await api.get(`/documents/${docId}/extracted-items`);
    expect(items.body.items.map((i: { key: string }) => i.key)).toContain('vendor.name');
    const job = await second.store.db.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', `assessments.process-run:${runId}`).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
  });
});
