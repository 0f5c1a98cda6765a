/**
 * Issue 33 item 1: the live streams. A change made through one API process reaches a viewer's
 * document stream open on another (on PostgreSQL two servers share one schema; on SQLite one
 * server serves both), in commit order, typed by `kind`; a reconnect with Last-Event-ID resumes
 * without loss; another organization's document is a 404; the organization stream carries every
 * document's changes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { addTestMember } from '../support/members.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

interface LiveFrame {
  id: number;
  kind: string;
  [key: string]: unknown;
}

/** An open stream: frames as they arrive, and a wait for the first frame that satisfies `match`. */
async function openStream(server: TestServer, path: string, token: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'x-org-slug': 'acme', ...headers },
    signal: controller.signal,
  });
  const frames: LiveFrame[] = [];
  if (!response.body) throw new Error(`no stream body (${response.status})`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const until = async (match: (frame: LiveFrame) => boolean): Promise<LiveFrame> => {
    for (;;) {
      const found = frames.find(match);
      if (found) return found;
      const chunk = await reader.read();
      if (chunk.done) throw new Error(`stream ended before a matching frame; got ${JSON.stringify(frames)}`);
      buffer += decoder.decode(chunk.value, { stream: true });
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        const id = /^id: (\d+)$/m.exec(block);
        const data = /^data: (.*)$/m.exec(block);
        if (id && data) frames.push({ id: Number(id[1]), ...(JSON.parse(data[1]) as { kind: string }) });
      }
    }
  };
  return { status: response.status, frames, until, close: () => controller.abort() };
}

describeEachDialect('live streams', (dialect) => {
  let serverA: TestServer;
  let serverB: TestServer;
  let editor: Api;
  let viewerToken: string;
  let ownerToken: string;

  beforeAll(async () => {
    serverA = await startTestServer({ dialect });
    // PostgreSQL: a second API process on the same database (and key files); SQLite: the same process.
    serverB = dialect === 'postgres' ? await startTestServer({ dialect, dataDir: serverA.dataDir, schema: serverA.schema }) : serverA;
    ownerToken = await serverA.login();
    editor = new Api(serverA, (await addTestMember(serverA, ownerToken, 'acme', 'editor', 'live-editor')).token, 'acme');
    viewerToken = (await addTestMember(serverA, ownerToken, 'acme', 'viewer', 'live-viewer')).token;
  });
  afterAll(async () => {
    if (serverB !== serverA) await serverB?.stop();
    await serverA?.close();
  });

  it("a viewer's stream on process B sees section, field, state, snapshot and run changes made through process A, and resumes after Last-Event-ID", async () => {
    const created = await editor.post('/v1/documents', { templateId: 'engagement-letter' });
    const id = created.body.document.id as string;
    const sectionId = (await editor.get(`/v1/documents/${id}/sections`)).body[0].id as string;
    const stream = await openStream(serverB, `/v1/documents/${id}/live`, viewerToken);
    expect(stream.status).toBe(200);

    expect((await editor.put(`/v1/documents/${id}/sections/${sectionId}/output`, { content: 'Edited in another tab' })).status).toBe(200);
    const edited = await stream.until((f) => f.kind === 'section.changed');
    expect(edited).toMatchObject({ documentId: id, sectionId, action: 'edited' });

    expect((await editor.put(`/v1/documents/${id}/fields`, { fields: { live_note: 'Globex' } })).status).toBe(200);
    expect((await editor.put(`/v1/documents/${id}/state`, { state: 'under-review' })).status).toBe(200);
    expect((await editor.post(`/v1/documents/${id}/snapshots`, { label: 'before run' })).status).toBe(201);
    expect((await editor.post(`/v1/documents/${id}/generate`, { force: true })).status).toBe(200);

    const finished = await stream.until((f) => f.kind === 'run.progress' && f.terminal === true);
    expect(finished).toMatchObject({ documentId: id, by: null });
    const kinds = stream.frames.map((f) => f.kind);
    expect(kinds.slice(0, 4)).toEqual(['section.changed', 'fields.changed', 'document.changed', 'snapshot.changed']);
    expect(stream.frames.find((f) => f.kind === 'document.changed')).toMatchObject({ state: 'under-review' });
    // Commit order: ids strictly increase.
    const ids = stream.frames.map((f) => f.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    stream.close();

    // A reconnect after the first frame gets the rest again, from the table, on the other process.
    const resumed = await openStream(serverA, `/v1/documents/${id}/live`, viewerToken, { 'last-event-id': String(edited.id) });
    const lastOfResume = await resumed.until((f) => f.id === finished.id);
    expect(lastOfResume.kind).toBe('run.progress');
    expect(resumed.frames[0]).toMatchObject({ kind: 'fields.changed', keys: ['live_note'] });
    resumed.close();
  });

  it("the organization stream carries every document's changes; another organization's document stream is a 404", async () => {
    const org = await openStream(serverB, '/v1/live', viewerToken);
    expect(org.status).toBe(200);
    const one = (await editor.post('/v1/documents', { templateId: 'engagement-letter' })).body.document.id as string;
    const two = (await editor.post('/v1/documents', { templateId: 'engagement-letter' })).body.document.id as string;
    await editor.put(`/v1/documents/${one}/state`, { state: 'under-review' });
    await editor.put(`/v1/documents/${two}/state`, { state: 'under-review' });
    await org.until((f) => f.documentId === two);
    expect(org.frames.filter((f) => f.kind === 'document.changed').map((f) => f.documentId)).toEqual([one, two]);
    org.close();

    const foreign = (await (await apiFor(serverA, 'globex')).post('/v1/documents', { templateId: 'engagement-letter' })).body.document.id as string;
    const refused = await serverB.call('GET', `/v1/documents/${foreign}/live`, { token: ownerToken, org: 'acme' });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ detail: `document ${foreign} not found` });
  });
});
