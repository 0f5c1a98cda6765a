/**
 * A processing job left `running` by a process that died: at the next start the queue hands it
 * to `onOrphaned`, which puts the run back to `queued`, and the retried job processes it. The
 * dead process is made up in the queue's own records: the `jobs` table on SQLite; on
 * PostgreSQL the pg-boss job back to `active` and a run lease held by a dead pid on this host.
 */
import os from 'node:os';
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { engineIdOf, jobEngineSchemaOf } from '../../src/jobs/pg-boss/engine-db.js';
import type { Database } from '../../src/storage/schema.js';
import { apiFor } from '../support/api.js';
import { POSTGRES_URL, describeEachDialect } from '../support/dialects.js';
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
    const created = await postMultipart(first, token, 'acme', '/assessments', { name: 'Crash' }, [
      { name: 'a.txt', bytes: Buffer.from('Vendor: Contoso Ltd\n'), type: 'text/plain' },
    ]);
    expect(created.status).toBe(201);
    await first.jobs.idle();
    const docId: string = created.body.documents[0].id;
    const runId: string = created.body.documents[0].latest_run_id;
    const db = first.store.db;
    // Make it look like a process died mid-run: run and document "running", items not written yet.
    await db.deleteFrom('extracted_items').where('run_id', '=', runId).execute();
    await db.updateTable('processing_runs').set({ status: 'running', finished_at: null, item_count: 0 }).where('id', '=', runId).execute();
    await db.updateTable('source_documents').set({ processing_status: 'processing' }).where('id', '=', docId).execute();
    const jobId = `assessments.process-run:${runId}`;
    const deadHolder = `${os.hostname()}:2147483646:dead`;
    if (first.schema) await leaveActiveInEngine(db, first.schema, jobId, runId, deadHolder);
    else await db.updateTable('jobs').set({ status: 'running', locked_by: deadHolder }).where('id', '=', jobId).execute();
    await first.stop();

    const second = await startTestServer({ dialect, dataDir: first.dataDir, schema: first.schema });
    servers.push(second);
    await second.jobs.idle();
    const api = await apiFor(second);
    const doc = await api.get(`/documents/${docId}`);
    expect(doc.body).toMatchObject({ processing_status: 'processed', latest_run_id: runId });
    const items = await api.get(`/documents/${docId}/extracted-items`);
    expect(items.body.items.map((i: { key: string }) => i.key)).toContain('vendor.name');
    // Ran twice in the queue's records: the dead attempt and the retry, which completed.
    const job = second.schema
      ? await engineJob(second.store.db, second.schema, jobId)
      : await second.store.db.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: second.schema ? 'completed' : 'done', attempts: 2 });
  });
});

// Only the PostgreSQL queue limits attempts (the in-process queue retries an orphan every time).
(POSTGRES_URL ? describe : describe.skip)('assessment processing after a crash on its last attempt [postgres]', () => {
  it('ends the run failed instead of queuing it again', async () => {
    const first = await startTestServer({ dialect: 'postgres' });
    try {
      const token = await first.login();
      const created = await postMultipart(first, token, 'acme', '/assessments', { name: 'Crash' }, [
        { name: 'a.txt', bytes: Buffer.from('Vendor: Contoso Ltd\n'), type: 'text/plain' },
      ]);
      expect(created.status).toBe(201);
      await first.jobs.idle();
      const docId: string = created.body.documents[0].id;
      const runId: string = created.body.documents[0].latest_run_id;
      await first.store.db.updateTable('processing_runs').set({ status: 'running', finished_at: null }).where('id', '=', runId).execute();
      await first.store.db.updateTable('source_documents').set({ processing_status: 'processing' }).where('id', '=', docId).execute();
      await leaveActiveInEngine(first.store.db, first.schema ?? '', `assessments.process-run:${runId}`, runId, `${os.hostname()}:2147483646:dead`, true);
      await first.stop();

      const second = await startTestServer({ dialect: 'postgres', dataDir: first.dataDir, schema: first.schema });
      try {
        await second.jobs.idle();
        const api = await apiFor(second);
        expect((await api.get(`/documents/${docId}`)).body).toMatchObject({ processing_status: 'failed', latest_run_id: runId });
        const run = await second.store.db.selectFrom('processing_runs').select(['status', 'errors_json']).where('id', '=', runId).executeTakeFirstOrThrow();
        expect(run.status).toBe('failed');
        expect(run.errors_json).toContain('stopped on every attempt');
        expect(await engineJob(second.store.db, second.schema ?? '', `assessments.process-run:${runId}`)).toMatchObject({ status: 'cancelled' });
      } finally {
        await second.close();
      }
    } finally {
      await first.stop();
    }
  });
});

(POSTGRES_URL ? describe : describe.skip)('a batch run after a crash on its last attempt [postgres]', () => {
  it('ends the batch run failed instead of queuing it again', async () => {
    const first = await startTestServer({ dialect: 'postgres' });
    try {
      const token = await first.login();
      const created = await postMultipart(first, token, 'acme', '/assessments', { name: 'Crash' }, [
        { name: 'a.txt', bytes: Buffer.from('Vendor: Contoso Ltd\n'), type: 'text/plain' },
      ]);
      expect(created.status).toBe(201);
      await first.jobs.idle();
      const api = await apiFor(first);
      const batch = await api.post('/batches', { name: 'Crash batch', document_ids: [created.body.documents[0].id] });
      expect(batch.status).toBe(201);
      const started = await api.post(`/batches/${batch.body.batch.id}/runs`, {});
      expect(started.status).toBe(202);
      await first.jobs.idle();
      const batchRunId: string = started.body.run.id;
      // As a process that died mid-run on the job's last attempt leaves it.
      await first.store.db.updateTable('batch_runs').set({ status: 'running', finished_at: null }).where('id', '=', batchRunId).execute();
      await leaveActiveInEngine(
        first.store.db,
        first.schema ?? '',
        `assessments.batch-run:${batchRunId}`,
        { batchRunId },
        `${os.hostname()}:2147483646:dead`,
        true,
        'assessments.batch-run',
      );
      await first.stop();

      const second = await startTestServer({ dialect: 'postgres', dataDir: first.dataDir, schema: first.schema });
      try {
        await second.jobs.idle();
        const run = await second.store.db.selectFrom('batch_runs').select(['status', 'finished_at']).where('id', '=', batchRunId).executeTakeFirstOrThrow();
        expect(run.status).toBe('failed');
        expect(run.finished_at).not.toBeNull();
        expect(await engineJob(second.store.db, second.schema ?? '', `assessments.batch-run:${batchRunId}`)).toMatchObject({ status: 'cancelled' });
      } finally {
        await second.close();
      }
    } finally {
      await first.stop();
    }
  });
});

/** PostgreSQL: the job `active` in pg-boss, its lease held by `holder`, as a process that died mid-run leaves them. */
async function leaveActiveInEngine(
  db: Kysely<Database>,
  schema: string,
  jobId: string,
  runId: string | Record<string, string>,
  holder: string,
  isFinalAttempt = false,
  jobName = 'assessments.process-run',
): Promise<void> {
  const engineId = engineIdOf(jobId);
  const updated = await sql<{
    payload: string;
  }>`update ${sql.table(`${jobEngineSchemaOf(schema)}.job`)} set state = 'active', started_on = now(), completed_on = null where id = ${engineId}::uuid returning (data->'payload')::text as payload`.execute(
    db,
  );
  expect(JSON.parse(updated.rows[0].payload)).toMatchObject(typeof runId === 'string' ? { runId } : runId);
  await db
    .insertInto('job_leases')
    .values({
      job_id: jobId,
      job_name: jobName,
      engine_id: engineId,
      payload_json: updated.rows[0].payload,
      attempt: 1,
      is_final_attempt: isFinalAttempt ? 1 : 0,
      holder,
      heartbeat_ms: Date.now(),
    })
    .execute();
}

async function engineJob(db: Kysely<Database>, schema: string, jobId: string): Promise<{ status: string; attempts: number }> {
  const rows = await sql<{
    status: string;
    attempts: number;
  }>`select state::text as status, retry_count + 1 as attempts from ${sql.table(`${jobEngineSchemaOf(schema)}.job`)} where id = ${engineIdOf(jobId)}::uuid`.execute(
    db,
  );
  return rows.rows[0];
}
