/**
 * A cancel that races the merge job's own event (ADR 0788). On PostgreSQL with an API node and
 * a worker node, `POST /v1/merge-runs/{id}/cancel` cannot abort a job another process runs, so
 * the run's end (`merge_ended`) and the job's `merge_started` are written at the same moment by
 * two writers. The test makes that moment certain: it holds a SHARE lock on the events table,
 * so both writers stop at their insert (after numbering, when numbering reads max(seq)); once
 * the database shows two of them waiting, the lock goes. Before the fix both took seq 1: when the
 * cancel's insert lost, it answered 409; when the job's lost, the run had no `merge_started`.
 * Now the job holds the run's row while it numbers, the cancel waits for it: the cancel answers
 * 200 with the run `cancelled`, the events are numbered 1, 2, and the job, resuming after, adds
 * nothing and does not revive the run.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { POSTGRES_URL } from '../support/dialects.js';
import { framesOf, readRawStream } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { until } from '../support/until.js';
import { LETTER_ROW } from '../support/merge-runs.js';

const suite = POSTGRES_URL ? describe : describe.skip;

suite('cancelling a merge run while its job writes its events [postgres, api + worker]', () => {
  let api: TestServer;
  let worker: TestServer;
  let client: Api;
  let db: pg.Client;

  beforeAll(async () => {
    const env = { QUIRE_SECRET_KEY: randomBytes(32).toString('base64') };
    api = await startTestServer({ dialect: 'postgres', env: { ...env, ROLE: 'api' } });
    worker = await startTestServer({ dialect: 'postgres', schema: api.schema, env: { ...env, ROLE: 'worker' } });
    client = await apiFor(api);
    db = new pg.Client({ connectionString: POSTGRES_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await worker?.stop();
    await api?.close();
  });

  /** Backends of this database waiting for a lock (the writers the test holds up). */
  async function lockWaiters(): Promise<number> {
    const result = await db.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    return Number(result.rows[0]?.n ?? 0);
  }

  it('answers 200 with the run cancelled, and the run keeps one numbering and one end', async () => {
    await db.query('begin');
    await db.query(`lock table "${api.schema}".merge_run_events in share mode`);
    const started = await client.post('/v1/templates/engagement-letter/merge-runs', { rows: [LETTER_ROW] });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const runId = started.body.id as string;
    // The worker's job is at its first event.
    await until(async () => ((await lockWaiters()) >= 1 ? true : undefined), 'the job writing merge_started');
    const cancel = client.post(`/v1/merge-runs/${runId}/cancel`);
    await until(async () => ((await lockWaiters()) >= 2 ? true : undefined), 'the cancel writing the run end');
    await db.query('commit');

    const cancelled = await cancel;
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');

    await worker.jobs.idle();
    expect((await client.get(`/v1/merge-runs/${runId}`)).body.status).toBe('cancelled');
    const token = await api.login();
    const stream = await readRawStream(
      `${api.url}/v1/merge-runs/${runId}/progress?after=0`,
      { authorization: `Bearer ${token}`, 'x-org-slug': 'acme' },
      60_000,
    );
    const events = framesOf(stream.text) as unknown as Array<{ seq: number; event: string; status?: string }>;
    expect(events.map((e) => [e.seq, e.event])).toEqual([
      [1, 'merge_started'],
      [2, 'merge_ended'],
    ]);
    expect(events[1]?.status).toBe('cancelled');
  });
});
