/**
 * Issues #13 and #14 — the crash test: the real process is killed with SIGKILL at seeded random
 * moments (20 times on PostgreSQL, where jobs run on pg-boss with run leases; 10 on SQLite) while generation runs, document writes and uploads are under way, and restarted on
 * the same data each time. Afterwards every run has ended with exactly one terminal event (runs
 * orphaned by a kill included), every write that was acknowledged with a 2xx is readable, and
 * the database is intact (SQLite `PRAGMA integrity_check`; on PostgreSQL no row points at a
 * missing parent).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/dialects.js';
import { answerGeneration, writtenTemplate } from '../support/fake-generation-model.js';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai-server.js';
import { multipart } from '../e2e/assessments-helpers.js';
import { type QuireData, type QuireProcess, newQuireData, queryData, removeQuireData, startQuireProcess } from '../support/quire-process.js';
import { until } from '../support/until.js';

/** Kills per dialect (CRASH_KILLS overrides both). */
const KILLS = { postgres: 20, sqlite: 10 } as const;
const SEED = Number(process.env.CRASH_SEED ?? 1313);
const TERMINAL = "('pipeline_finished', 'pipeline_failed', 'pipeline_blocked')";

/** mulberry32: a small seeded generator, so a failing schedule can be replayed with CRASH_SEED. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Acknowledged {
  documents: string[];
  uploads: string[];
  runs: Array<{ documentId: string }>;
  /** Requests sent to the current process: the kill waits for the n-th, so it lands mid-work. */
  sent: number;
}

/** Keeps writing until the process dies; records only what was answered 2xx. */
async function load(quire: QuireProcess, random: () => number, acked: Acknowledged, targets: string[]): Promise<void> {
  const attempt = async (fn: () => Promise<void>) => fn().catch(() => undefined); // a killed process answers nothing
  for (let i = 0; ; i += 1) {
    const kind = random();
    acked.sent += 1;
    if (kind < 0.35) {
      await attempt(async () => {
        const created = await quire.json('POST', '/v1/documents', { templateId: 'crashy', title: `write ${i}` });
        if (created.status === 201) acked.documents.push(created.body.document.id as string);
      });
    } else if (kind < 0.6) {
      await attempt(async () => {
        const { body, contentType } = multipart({ name: `upload ${i}`, processor_id: 'prc_generic_fields' }, [
          { name: `u${i}.txt`, bytes: Buffer.from(`Invoice ${i}\nTotal: ${i} EUR\n`), type: 'text/plain' },
        ]);
        const response = await fetch(`${quire.url}/assessments`, {
          method: 'POST',
          headers: { authorization: `Bearer ${quire.token}`, 'x-org-slug': 'acme', 'content-type': contentType },
          body,
        });
        if (response.status === 201) acked.uploads.push(...((await response.json()) as { documents: Array<{ id: string }> }).documents.map((d) => d.id));
      });
    } else {
      const documentId = targets[Math.floor(random() * targets.length)];
      await attempt(async () => {
        const started = await quire.json('POST', `/v1/documents/${documentId}/generate`, { force: true });
        if (started.status === 200 && started.body.alreadyRunning === false) acked.runs.push({ documentId });
      });
    }
    if (quire.child.exitCode !== null || quire.child.signalCode !== null) return;
  }
}

describeEachDialect('crash: kill -9 at random moments', (dialect) => {
  let fake: FakeOpenAi;
  let data: QuireData;
  let env: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ latencyMs: 150, respond: answerGeneration });
    data = await newQuireData(dialect);
    env = { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: 'test-key' };
  });
  afterAll(async () => {
    await fake?.close();
    if (data) await removeQuireData(data);
  });

  const kills = Number(process.env.CRASH_KILLS ?? KILLS[dialect]);
  it(`keeps every acknowledged write and ends every run with one terminal event across ${kills} kills`, { timeout: kills * 20_000 }, async () => {
    const began = Date.now();
    const random = seeded(SEED);
    const acked: Acknowledged = { documents: [], uploads: [], runs: [], sent: 0 };
    let quire = await startQuireProcess(data, env, { startTimeoutMs: 90_000 });
    const template = await quire.json('POST', '/v1/templates', writtenTemplate('crashy', 'Crashy'));
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const targets: string[] = [];
    for (let i = 0; i < 3; i += 1) targets.push((await quire.json('POST', '/v1/documents', { templateId: 'crashy' })).body.document.id as string);

    for (let kill = 0; kill < kills; kill += 1) {
      // A seeded random moment, counted in requests sent (not in time): the kill lands while
      // the at-th request, and the runs started before it, are being served.
      const at = 1 + Math.floor(random() * 12);
      acked.sent = 0;
      const loading = load(quire, random, acked, targets);
      await until(async () => (acked.sent >= at ? true : undefined), `request ${at} of kill ${kill}`);
      quire.child.kill('SIGKILL');
      expect((await quire.exited).signal).toBe('SIGKILL');
      await loading;
      const restarting = Date.now();
      quire = await startQuireProcess(data, env, { startTimeoutMs: 90_000 });
      if (process.env.CRASH_TRACE)
        console.log(
          `kill ${kill} at request ${at}; restart took ${Date.now() - restarting} ms; acked ${JSON.stringify({ d: acked.documents.length, u: acked.uploads.length, r: acked.runs.length })}`,
        );
    }

    // Let the last process settle: every run ends (the assertions below say which did not).
    await until(
      async () => {
        const running = await queryData<{ n: number }>(data, "select count(*) as n from generation_runs where status in ('running', 'queued')");
        return Number(running[0].n) === 0 ? true : undefined;
      },
      'every run ended',
      30_000,
    ).catch(() => undefined);
    expect(acked.runs.length).toBeGreaterThan(0);
    expect(acked.documents.length).toBeGreaterThan(0);
    expect(acked.uploads.length).toBeGreaterThan(0);

    // Every run: ended, with exactly one terminal event.
    const runs = await queryData<{ id: string; status: string; document_id: string }>(data, 'select id, status, document_id from generation_runs');
    expect(runs.length).toBeGreaterThanOrEqual(acked.runs.length);
    const terminals = await queryData<{ run_id: string; n: number }>(
      data,
      `select run_id, count(*) as n from run_events where event in ${TERMINAL} group by run_id`,
    );
    const terminalOf = new Map(terminals.map((t) => [t.run_id, Number(t.n)]));
    expect(runs.filter((r) => r.status === 'running' || r.status === 'queued')).toEqual([]);
    expect(runs.filter((r) => terminalOf.get(r.id) !== 1).map((r) => ({ ...r, terminals: terminalOf.get(r.id) ?? 0 }))).toEqual([]);

    // A follower of each target's progress (the latest run) gets one terminal event and is closed.
    const followed = targets.filter((id) => runs.some((r) => r.document_id === id));
    expect(followed.length).toBeGreaterThan(0);
    for (const documentId of followed) {
      const response = await fetch(`${quire.url}/v1/documents/${documentId}/progress`, {
        headers: { authorization: `Bearer ${quire.token}`, 'x-org-slug': 'acme' },
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      const ended = text.match(/"event":"pipeline_(finished|failed|blocked)"/g) ?? [];
      expect(ended, text).toHaveLength(1);
    }

    // Every acknowledged write is readable.
    for (const id of acked.documents) expect((await quire.json('GET', `/v1/documents/${id}`)).status, id).toBe(200);
    for (const id of acked.uploads) expect((await quire.json('GET', `/documents/${id}`)).status, id).toBe(200);

    quire.child.kill('SIGTERM');
    expect((await quire.exited).code).toBe(0);
    console.log(
      `crash [${dialect}]: ${kills} kills, ${acked.runs.length} runs acknowledged (${runs.length} in all), ${((Date.now() - began) / 1000).toFixed(1)} s`,
    );
    if (dialect === 'sqlite') {
      expect(await queryData<{ integrity_check: string }>(data, 'pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    } else {
      const orphans = await queryData<{ n: number }>(
        data,
        'select count(*) as n from run_events e left join generation_runs r on r.id = e.run_id where r.id is null',
      );
      expect(Number(orphans[0].n)).toBe(0);
    }
  });
});
