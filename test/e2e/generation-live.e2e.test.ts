/**
 * Generation in live mode against a fake OpenAI-compatible server (real protocol, canned
 * answers): the section prompts carry the voice and the numbered sources, a model error ends
 * the run in `pipeline_failed` with the earlier output untouched, and a process killed in the
 * middle of a run leaves a run that the next start ends with `pipeline_failed`.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { POSTGRES_URL, describeEachDialect } from '../support/dialects.js';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai-server.js';
import { SYNTHESIS, answerGeneration as answer } from '../support/fake-generation-model.js';
import { singleProcessEntryArgs } from '../support/quire-process.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const SPEC = {
  slug: 'live',
  title: 'Live',
  fields: [{ key: 'company', value: 'Acme GmbH' }],
  dataNeeds: [
    { output_key: 'report', kind: 'static', name: 'Annual report 2025', args_json: { value: 'Revenue grew 15% in 2025. The company employs 120 people.' } },
  ],
  config: { verify: { judge: 'deterministic' }, voice: { voiceName: 'Plain English' } },
  sections: [
    { key: 'intro', title: 'Introduction', render_mode: 'templated', output_template: 'About {{ company }}.' },
    { key: 'growth', title: 'Growth', prompt: 'Describe the growth of {{ company }}' },
  ],
};

describeEachDialect('generation with a live model', (dialect) => {
  let fake: FakeOpenAi;
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ respond: answer });
    server = await startTestServer({
      dialect,
      env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-large', LLM_TIMEOUT_MS: '5000' },
    });
    api = await apiFor(server);
    token = await server.login();
    await api.post('/v1/voices', {
      name: 'Plain English',
      description: 'Short sentences in the active voice. No jargon.',
      samples: ['We checked every invoice. Two were wrong.'],
    });
    await createTemplate(api, SPEC);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('sends each synthesized section the voice, the context and the numbered sources, and records the model', async () => {
    const id = (await api.post('/v1/documents', { templateId: 'live' })).body.document.id;
    expect((await api.post(`/v1/documents/${id}/generate`, {})).body.started).toBe(true);
    const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token);
    expect(events.at(-1)?.event, JSON.stringify(events.at(-1))).toBe('pipeline_finished');
    const sectionRequests = fake.requests.filter((r) => !r.schemaName && r.user.includes('Growth'));
    expect(sectionRequests.length).toBeGreaterThan(0);
    const prompt = `${sectionRequests[0].system}\n${sectionRequests[0].user}`;
    expect(prompt).toContain('Short sentences in the active voice');
    expect(prompt).toContain('We checked every invoice');
    expect(prompt).toContain('[1]');
    expect(prompt).toContain('Annual report 2025');
    expect(prompt).toContain('Revenue grew 15% in 2025');
    expect(prompt).toContain('Describe the growth of Acme GmbH');
    expect(sectionRequests[0].model).toBe('fake-large');
    const growth = (await api.get(`/v1/documents/${id}/sections`)).body[1];
    expect(growth.content).toBe('Revenue grew 15% in 2025 [1].');
    const [snapshot] = (await api.get(`/v1/documents/${id}/generation-snapshots`)).body;
    const manifest = (await api.get(`/v1/documents/${id}/generation-snapshots/${snapshot.id}`)).body.manifest;
    expect(manifest.models.mode).toBe('openai-compatible');
    expect(manifest.usage.inputTokens).toBeGreaterThan(0);
    expect(manifest.prompts.sections[growth.id]).toContain('Short sentences in the active voice');
    expect((await api.get(`/v1/documents/${id}/synthesis`)).body.synthesizedContext.payloadJson).toEqual(SYNTHESIS);
  });

  it('ends in pipeline_failed when the model fails, leaving the earlier output untouched', async () => {
    const id = (await api.post('/v1/documents', { templateId: 'live' })).body.document.id;
    await api.post(`/v1/documents/${id}/generate`, {});
    await collectEvents(`${server.url}/v1/documents/${id}/progress`, token);
    const before = (await api.get(`/v1/documents/${id}/sections`)).body;
    fake.failWith({ status: 500, headers: { 'retry-after-ms': '1' } });
    try {
      await api.post(`/v1/documents/${id}/generate`, { force: true });
      const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token);
      const failed = events.at(-1);
      expect(failed?.event).toBe('pipeline_failed');
      expect(String(failed?.error)).toMatch(/fake-large.*500/);
      expect(events.filter((e) => e.event === 'pipeline_finished')).toHaveLength(0);
    } finally {
      fake.failWith(null);
    }
    expect((await api.get(`/v1/documents/${id}/sections`)).body).toEqual(before);
    expect((await api.post(`/v1/documents/${id}/generate`, { force: true })).body.started).toBe(true);
    expect((await collectEvents(`${server.url}/v1/documents/${id}/progress`, token)).at(-1)?.event).toBe('pipeline_finished');
  });

  it('a process killed mid-run leaves a run that the next start ends with pipeline_failed', async () => {
    const slow = await startFakeOpenAi({ respond: answer, latencyMs: 60_000 });
    const base = await startTestServer({ dialect });
    await base.stop(); // a migrated, seeded database to share with the child process
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      DATA_DIR: base.dataDir,
      PORT: '0',
      LOG_LEVEL: 'info',
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: slow.baseUrl,
      LLM_TIMEOUT_MS: '120000',
      ...(dialect === 'postgres' && POSTGRES_URL && base.schema ? { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: base.schema } : {}),
    };
    // One node process (dist/ when fresh, else `--import tsx`), so the pid we kill is the process that holds the run.
    const child = spawn(process.execPath, await singleProcessEntryArgs(), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let restarted: TestServer | undefined;
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`child did not start: ${out}`)), 30_000);
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /Quire listening on (http:\/\/[\d.:]+)/.exec(out);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
      });
      const childToken = ((await (await fetch(`${url}/auth/dev-login`, { method: 'POST' })).json()) as { token: string }).token;
      const headers = { authorization: `Bearer ${childToken}`, 'content-type': 'application/json' };
      const id = (
        (await (
          await fetch(`${url}/v1/documents`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              templateId: 'engagement-letter',
              fields: { firm_name: 'N', client_name: 'C', client_contact: 'A', services: 'Advice', start_date: '2026-12-01', fee_amount: 100, signatory: 'S' },
            }),
          })
        ).json()) as { document: { id: string } }
      ).document.id;
      expect(
        ((await (await fetch(`${url}/v1/documents/${id}/generate`, { method: 'POST', headers, body: '{}' })).json()) as { started: boolean }).started,
      ).toBe(true);
      // Wait until the run is inside the (hanging) model call, then kill the process outright.
      await slow.firstRequest();
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));

      restarted = await startTestServer({ dialect, dataDir: base.dataDir, schema: base.schema });
      const events = await collectEvents(`${restarted.url}/v1/documents/${id}/progress`, await restarted.login(), { timeoutMs: 20_000 });
      expect(events[0].event).toBe('pipeline_started');
      const last = events.at(-1);
      expect(last?.event).toBe('pipeline_failed');
      expect(String(last?.error)).toMatch(/stopped/);
      const runs = await restarted.store.db.selectFrom('generation_runs').select(['status']).where('document_id', '=', id).execute();
      expect(runs).toEqual([{ status: 'failed' }]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await restarted?.close();
      if (!restarted) await base.close();
      await slow.close();
    }
  });
});
