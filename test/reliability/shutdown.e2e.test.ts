/**
 * Issue #13, item 3 — "shutdown that never ends": the real process, SIGTERM with a run in
 * progress against a slow model, a stream following it and a stream watching an idle document.
 * It exits 0 at SHUTDOWN_GRACE_SECONDS (long before the model answers), every stream ends with the final
 * comment, and after a restart the run has ended with exactly one terminal event.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/dialects.js';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai-server.js';
import { type QuireData, newQuireData, queryData, removeQuireData, startQuireProcess } from '../support/quire-process.js';

const GRACE_SECONDS = 3;
/**
 * How long after the grace the test waits for the exit before calling it stuck: a deadline, not
 * a measured duration. The model answers only after 120 s, so a shutdown that waited on the run
 * instead of ending it at the grace misses it by far, however loaded the machine.
 */
const EXIT_DEADLINE_MS = GRACE_SECONDS * 1000 + 10_000;

/** Reads a stream's body until the server ends it; resolves with the text. */
async function openStream(url: string, token: string): Promise<{ opened: Promise<void>; text: Promise<string> }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'x-org-slug': 'acme' }, signal: AbortSignal.timeout(60_000) });
  expect(response.status).toBe(200);
  if (!response.body) throw new Error('a stream without a body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let markOpened: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  const done = (async () => {
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) return text;
      text += decoder.decode(value, { stream: true });
      if (text.includes(': connected')) markOpened();
    }
  })();
  return { opened, text: done };
}

describeEachDialect('graceful shutdown', (dialect) => {
  let fake: FakeOpenAi;
  let data: QuireData;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ latencyMs: 120_000, respond: () => ({ content: 'A slow section.' }) });
    data = await newQuireData(dialect);
  });
  afterAll(async () => {
    await fake?.close();
    if (data) await removeQuireData(data);
  });

  it('exits 0 within the grace, ends every stream, and the run ends with one terminal event', { timeout: 90_000 }, async () => {
    const env = { SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS), LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: 'test-key' };
    const quire = await startQuireProcess(data, env);
    const template = await quire.json('POST', '/v1/templates', {
      slug: 'slow',
      title: 'Slow',
      sections: [{ key: 'w', title: 'Written', prompt: 'Write one sentence.' }],
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const busy = (await quire.json('POST', '/v1/documents', { templateId: 'slow' })).body.document.id as string;
    const idle = (await quire.json('POST', '/v1/documents', { templateId: 'slow' })).body.document.id as string;
    const started = await quire.json('POST', `/v1/documents/${busy}/generate`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await fake.firstRequest(); // the run is waiting on the slow model

    const following = await openStream(`${quire.url}/v1/documents/${busy}/progress`, quire.token);
    const watchingIdle = await openStream(`${quire.url}/v1/documents/${idle}/progress`, quire.token);
    await Promise.all([following.opened, watchingIdle.opened]);

    quire.child.kill('SIGTERM');
    const exit = await Promise.race([quire.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), EXIT_DEADLINE_MS))]);
    if (exit === null) quire.child.kill('SIGKILL');
    expect(exit, `still running ${EXIT_DEADLINE_MS} ms after SIGTERM`).not.toBeNull();
    expect(exit?.code, quire.output()).toBe(0);
    expect(await following.text).toMatch(/: shutting down, reconnect\n\n$/);
    expect(await watchingIdle.text).toMatch(/: shutting down, reconnect\n\n$/);

    // Restart on the same data: the run is over, with exactly one terminal event.
    const again = await startQuireProcess(data, env);
    try {
      const runs = await again.json('GET', `/v1/documents/${busy}`);
      expect(runs.status).toBe(200);
      const terminal = await queryData<{ event: string; payload_json: string }>(
        data,
        `select event, payload_json from run_events where document_id = '${busy}' and event in ('pipeline_finished', 'pipeline_failed', 'pipeline_blocked')`,
      );
      expect(terminal).toHaveLength(1);
      expect(terminal[0].event).toBe('pipeline_failed');
      expect(terminal[0].payload_json).toContain('shut down');
      const status = await queryData<{ status: string }>(data, `select status from generation_runs where document_id = '${busy}'`);
      expect(status).toEqual([{ status: 'failed' }]);
      // A follower after the restart replays the one terminal event and is closed.
      const replay = await fetch(`${again.url}/v1/documents/${busy}/progress?after=0`, {
        headers: { authorization: `Bearer ${again.token}`, 'x-org-slug': 'acme' },
        signal: AbortSignal.timeout(10_000),
      });
      expect(await replay.text()).toContain('"event":"pipeline_failed"');
    } finally {
      again.child.kill('SIGTERM');
      expect((await again.exited).code).toBe(0);
    }
  });
});
