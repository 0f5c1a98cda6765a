/**
 * `GET /v1/documents/{id}` answers from a per-process cache of its serialized detail, checked on
 * every GET against the document's revision (database triggers, migration 0018). These tests
 * read the document, write one of the rows its detail is read from — through each API path,
 * straight into the database as a writer that knows nothing of the cache, and (SQLite) from
 * another connection on the same file and from another process — and read again: the very next
 * GET must show the write. The PostgreSQL half also writes through a second server process on
 * the same database. Each step also checks that the GET before the write was served from the
 * cache (exactly one query, through Kysely: on PostgreSQL the revision read; on SQLite the change
 * stamp's `pragma data_version`, nothing having been committed since the revisions were read), so
 * the test is about the cache and not about a path that skips it.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL, describeEachDialect } from '../support/dialects.js';
import { type Api, apiFor } from '../support/api.js';
import { DPIA_FIELDS } from '../support/builtin-fields.js';
import { createAndGenerate } from '../support/generate-document.js';
import { type QuireCluster, startQuireCluster } from '../support/quire-cluster.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const execFileAsync = promisify(execFile);

interface Detail {
  document: { id: string; title: string; description: string | null; state: string };
  sections: Array<{ id: string; title: string; content: string | null; status: string }>;
  sources: Array<{ outputKey: string; title: string }>;
  fields: Array<{ id: string; key: string; value: string; valueType: string }>;
  dataNeeds: Array<{ id: string; output_key: string; name: string | null }>;
}

describeEachDialect('GET /v1/documents/{id} from the revision-checked cache', (dialect) => {
  let server: TestServer;
  let token: string;
  let documentId: string;
  let orgId: string;
  const queries: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      env: { ROLE: 'api', QUIRE_SECRET_KEY: randomBytes(32).toString('base64'), AUTH_MEMBERSHIP_CACHE_SECONDS: '600' },
      onQuery: (text) => queries.push(text),
    });
    token = await server.login();
    const created = await server.call('POST', '/v1/documents', { token, org: 'acme', body: { templateId: 'gdpr-dpia', title: 'Cache' } });
    expect(created.status).toBe(201);
    documentId = ((await created.json()) as Detail).document.id;
    const [row] = await server.store.db.selectFrom('documents').select('org_id').where('id', '=', documentId).execute();
    orgId = row.org_id;
  });
  afterAll(async () => server?.close());

  async function get(headers: Record<string, string> = {}) {
    const response = await server.call('GET', `/v1/documents/${documentId}`, { token, org: 'acme', headers });
    return { status: response.status, etag: response.headers.get('etag'), text: await response.text() };
  }

  async function detail(): Promise<Detail> {
    const response = await get();
    expect(response.status).toBe(200);
    return JSON.parse(response.text) as Detail;
  }

  /** Reads twice (the second from the cache: one query), writes, and answers the next GET's detail. */
  async function afterWrite(write: () => Promise<unknown>): Promise<Detail> {
    await get();
    queries.length = 0;
    const cached = await get();
    expect(cached.status).toBe(200);
    // One query and nothing else: the revision read, or on SQLite the change stamp it was checked at.
    expect(queries, queries.join('\n')).toHaveLength(1);
    expect(queries[0]).toMatch(dialect === 'sqlite' ? /^pragma data_version$/i : /\bdocument_revisions\b/i);
    await write();
    const fresh = await get();
    expect(fresh.status).toBe(200);
    expect(fresh.etag).not.toBe(cached.etag);
    return JSON.parse(fresh.text) as Detail;
  }

  async function call(method: string, pathname: string, body?: unknown): Promise<unknown> {
    const response = await server.call(method, pathname, { token, org: 'acme', body });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return response.json();
  }

  it('shows every API write to the document, its fields, state, sections and data needs in the next GET', async () => {
    const before = await detail();
    const base = `/v1/documents/${documentId}`;

    expect((await afterWrite(() => call('PATCH', base, { title: 'Cache, renamed' }))).document.title).toBe('Cache, renamed');

    const field = before.fields.find((f) => f.valueType === 'string');
    expect(field, 'the template has a string field').toBeDefined();
    const key = field?.key ?? '';
    const withField = await afterWrite(() => call('PUT', `${base}/fields`, { fields: { [key]: 'written through the API' } }));
    expect(withField.fields.find((f) => f.key === key)?.value).toBe('written through the API');

    expect((await afterWrite(() => call('PUT', `${base}/state`, { state: 'under-review' }))).document.state).toBe('under-review');
    await call('PUT', `${base}/state`, { state: 'draft' });

    const [first, second] = before.sections;
    const retitled = await afterWrite(() => call('PUT', `${base}/sections/${first.id}`, { title: 'Retitled by the test' }));
    expect(retitled.sections.find((s) => s.id === first.id)?.title).toBe('Retitled by the test');
    const edited = await afterWrite(() => call('PUT', `${base}/sections/${first.id}/output`, { content: 'Hand-written output' }));
    expect(edited.sections.find((s) => s.id === first.id)).toMatchObject({ content: 'Hand-written output', status: 'edited' });
    const reordered = await afterWrite(() =>
      call('PUT', `${base}/sections/order`, { sectionIds: [second.id, first.id, ...before.sections.slice(2).map((s) => s.id)] }),
    );
    expect(reordered.sections.slice(0, 2).map((s) => s.id)).toEqual([second.id, first.id]);
    const without = await afterWrite(() => call('DELETE', `${base}/sections/${second.id}`));
    expect(without.sections.map((s) => s.id)).not.toContain(second.id);

    const needs = await afterWrite(() => call('POST', `${base}/data-needs`, { kind: 'static', output_key: 'cache_probe', args_json: { value: 'x' } }));
    const probe = needs.dataNeeds.find((n) => n.output_key === 'cache_probe');
    expect(probe).toBeDefined();
    const renamedNeed = await afterWrite(() => call('PATCH', `${base}/data-needs/${probe?.id}`, { name: 'Renamed probe' }));
    expect(renamedNeed.dataNeeds.find((n) => n.output_key === 'cache_probe')?.name).toBe('Renamed probe');
    const noNeed = await afterWrite(() => call('DELETE', `${base}/data-needs/${probe?.id}`));
    expect(noNeed.dataNeeds.map((n) => n.output_key)).not.toContain('cache_probe');
  });

  it('shows writes made straight into the database (no use case, no API) in the next GET', async () => {
    const { db } = server.store;
    const before = await detail();

    const described = await afterWrite(() => db.updateTable('documents').set({ description: 'set by hand' }).where('id', '=', documentId).execute());
    expect(described.document.description).toBe('set by hand');

    const field = before.fields[0];
    const withField = await afterWrite(() => db.updateTable('document_fields').set({ value: 'set by hand' }).where('id', '=', field.id).execute());
    expect(withField.fields.find((f) => f.id === field.id)?.value).toBe('set by hand');
    const lessFields = await afterWrite(() => db.deleteFrom('document_fields').where('id', '=', field.id).execute());
    expect(lessFields.fields.map((f) => f.id)).not.toContain(field.id);

    const section = before.sections[before.sections.length - 1];
    const sectionEdited = await afterWrite(() =>
      db.updateTable('sections').set({ content: 'by hand', status: 'edited' }).where('id', '=', section.id).execute(),
    );
    expect(sectionEdited.sections.find((s) => s.id === section.id)?.content).toBe('by hand');

    const now = new Date().toISOString();
    const gatheredId = `gv_cache_${randomBytes(4).toString('hex')}`;
    const withSource = await afterWrite(() =>
      db
        .insertInto('gathered_values')
        .values({
          id: gatheredId,
          org_id: orgId,
          document_id: documentId,
          data_need_id: null,
          output_key: 'zz_hand_source',
          kind: 'static',
          value_json: '"v"',
          source_json: JSON.stringify({ title: 'A source set by hand', kind: 'value' }),
          inputs_hash: 'h',
          derivation_json: null,
          run_id: null,
          created_at: now,
        })
        .execute(),
    );
    expect(withSource.sources.map((s) => s.title)).toContain('A source set by hand');
    const withoutSource = await afterWrite(() => db.deleteFrom('gathered_values').where('id', '=', gatheredId).execute());
    expect(withoutSource.sources.map((s) => s.title)).not.toContain('A source set by hand');

    const needId = `dn_cache_${randomBytes(4).toString('hex')}`;
    const withNeed = await afterWrite(() =>
      db
        .insertInto('data_needs')
        .values({
          id: needId,
          org_id: orgId,
          document_id: documentId,
          ordinal: 99,
          kind: 'static',
          output_key: 'hand_need',
          name: 'By hand',
          args_json: '{"value":"x"}',
          depends_on_json: '[]',
          prompt_body: null,
          tool_ref: null,
          tools_available_json: null,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    );
    expect(withNeed.dataNeeds.map((n) => n.output_key)).toContain('hand_need');
  });

  it("parallel writers on one document (as a run's parallel section renders) all succeed, and the next GET shows every write", async () => {
    const sections = (await detail()).sections.slice(0, 4);
    expect(sections).toHaveLength(4);
    const after = await afterWrite(async () => {
      const answers = await Promise.all(
        sections.map((s, i) =>
          server.call('PUT', `/v1/documents/${documentId}/sections/${s.id}/output`, { token, org: 'acme', body: { content: `parallel ${i}` } }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(sections.map(() => 200));
    });
    expect(sections.map((s) => after.sections.find((x) => x.id === s.id)?.content)).toEqual(sections.map((_, i) => `parallel ${i}`));
  });

  it('answers 304 to If-None-Match naming the current ETag, and the new body once the document changed', async () => {
    const first = await get();
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const again = await get({ 'if-none-match': first.etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.etag).toBe(first.etag);
    await call('PATCH', `/v1/documents/${documentId}`, { title: 'Cache, after the 304' });
    const changed = await get({ 'if-none-match': first.etag ?? '' });
    expect(changed.status).toBe(200);
    expect((JSON.parse(changed.text) as Detail).document.title).toBe('Cache, after the 304');
  });

  it.runIf(dialect === 'sqlite')('shows a write by another connection on the same SQLite file in the very next GET', async () => {
    await get();
    const cached = await get();
    // Another connection on the file (as the sqlite3 shell would be): the server's count of its
    // own writes does not see it, the database's data_version does.
    const other = new BetterSqlite3(path.join(server.dataDir, 'quire.db'));
    try {
      other.prepare('update documents set description = ? where id = ?').run('set by another connection', documentId);
    } finally {
      other.close();
    }
    const fresh = await get();
    expect(fresh.etag).not.toBe(cached.etag);
    expect((JSON.parse(fresh.text) as Detail).document.description).toBe('set by another connection');
  });

  it.runIf(dialect === 'sqlite')('shows a write by another process on the same SQLite file in the very next GET, checked by the change stamp', async () => {
    const description = `set by process ${randomBytes(4).toString('hex')}`;
    const changed = await afterWrite(async () => {
      const program = `const db = new (require('better-sqlite3'))(process.argv[1]);
        db.prepare('update documents set description = ? where id = ?').run(process.argv[2], process.argv[3]); db.close();`;
      await execFileAsync(process.execPath, ['-e', program, path.join(server.dataDir, 'quire.db'), description, documentId], { cwd: process.cwd() });
    });
    expect(changed.document.description).toBe(description);
  });

  it('still answers 404 for the document in another organization, before and after it is cached', async () => {
    await get();
    await get();
    const foreign = await server.call('GET', `/v1/documents/${documentId}`, { token, org: 'globex' });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { detail: string }).detail).toBeTruthy();
  });
});

describeEachDialect('GET /v1/documents/{id} of a generated document from the cache', (dialect) => {
  let server: TestServer;
  let token: string;
  let api: Api;
  let documentId: string;
  const queries: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { AUTH_MEMBERSHIP_CACHE_SECONDS: '600' }, onQuery: (text) => queries.push(text) });
    token = await server.login();
    api = await apiFor(server);
    documentId = await createAndGenerate(server, api, token, 'gdpr-dpia', DPIA_FIELDS);
  }, 120_000);
  afterAll(async () => server?.close());

  /**
   * The GET's body and how many times it read the document's rows (the detail statement): 0 when
   * answered from the cache. Counted by statement, not in total: this server also runs jobs, and
   * the job queue's polls land among a GET's queries at any moment.
   */
  async function read(org = 'acme'): Promise<{ status: number; text: string; documentReads: number }> {
    queries.length = 0;
    const response = await server.call('GET', `/v1/documents/${documentId}`, { token, org });
    const text = await response.text();
    return { status: response.status, text, documentReads: queries.filter((q) => /\bselect "documents"\.\*/i.test(q)).length };
  }

  it("is answered from the cache while nothing it reads changes, and read again after a write to the organization's library", async () => {
    const first = await read();
    expect(first.status).toBe(200);
    const sections = (JSON.parse(first.text) as { sections: Array<{ status: string; staleBecause?: unknown[] }> }).sections;
    expect(sections.some((s) => s.status === 'generated' && Array.isArray(s.staleBecause))).toBe(true);
    const cached = await read();
    expect(cached.documentReads).toBe(0);
    expect(cached.text).toBe(first.text);

    // Through the API: a new library text may change what a section's staleness reads.
    expect((await api.post('/v1/texts', { key: `cache_${dialect}`, value: 'A new clause' })).status).toBe(201);
    const afterApi = await read();
    expect(afterApi.documentReads).toBeGreaterThan(0);
    expect(afterApi.text).toBe(first.text);
    expect((await read()).documentReads).toBe(0);

    // Straight into the database (a hand-made fix): the triggers count it all the same.
    await sql`update texts set value = 'Changed by hand' where key = ${`cache_${dialect}`}`.execute(server.store.db);
    expect((await read()).documentReads).toBeGreaterThan(0);
    expect((await read()).documentReads).toBe(0);
  });

  it('shows a changed field as staleness in the next GET', async () => {
    await read();
    expect((await read()).documentReads).toBe(0);
    expect((await api.put(`/v1/documents/${documentId}/fields`, { fields: { controller_name: 'Globex Health AG' } })).status).toBe(200);
    const after = JSON.parse((await read()).text) as { sections: Array<{ staleBecause?: Array<{ cause: string; path: string }> }> };
    const causes = after.sections.flatMap((s) => s.staleBecause ?? []).map((c) => `${c.cause}:${c.path}`);
    expect(causes).toContain('fields:fields.controller_name');
  });

  it("is not read again for another organization's writes, and stays 404 to it", async () => {
    await read();
    const globex = await apiFor(server, 'globex');
    expect((await globex.post('/v1/texts', { key: `other_${dialect}`, value: 'Elsewhere' })).status).toBe(201);
    expect((await read()).documentReads).toBe(0);
    expect((await read('globex')).status).toBe(404);
  });

  // Last in this block: from here on the document is read in full on every GET.
  it('is read in full every time once a snapshot of a run without a pinned clock is among its recent runs', async () => {
    await read();
    expect((await read()).documentReads).toBe(0);
    const [document] = await server.store.db.selectFrom('documents').select('org_id').where('id', '=', documentId).execute();
    // A run from before clocks were pinned: its computed values would be recomputed at the current time.
    await sql`insert into generation_snapshots (id, org_id, document_id, run_id, run_number, manifest_json, output_json, manifest_hash, created_at)
      values (${`gsn_unpinned_${dialect}`}, ${document.org_id}, ${documentId}, ${`run_unpinned_${dialect}`}, 99, '{}', '{}', 'unpinned', '2026-01-01T00:00:00.000Z')`.execute(
      server.store.db,
    );
    const first = await read();
    expect(first.status).toBe(200);
    expect(first.documentReads).toBeGreaterThan(0);
    expect((await read()).documentReads).toBeGreaterThan(0);
  });
});

// Several processes on one database: PostgreSQL only (SQLite is one process's file).
(POSTGRES_URL ? describe : describe.skip)('GET /v1/documents/{id} cache across processes [postgres]', () => {
  let cluster: QuireCluster;
  let documentId: string;

  beforeAll(async () => {
    cluster = await startQuireCluster({ apis: 2, workers: 0 });
    const created = await cluster.apis[0].json('POST', '/v1/documents', { templateId: 'gdpr-dpia', title: 'Two nodes' });
    expect(created.status).toBe(201);
    documentId = (created.body as Detail).document.id;
  }, 180_000);
  afterAll(async () => cluster?.close());

  it('a write through another process, or straight into the database, shows in the next GET of this one', async () => {
    const [reader, writer] = cluster.apis;
    const read = async () => {
      const response = await reader.json('GET', `/v1/documents/${documentId}`);
      expect(response.status).toBe(200);
      return response.body as Detail;
    };
    await read();
    await read();
    expect((await writer.json('PATCH', `/v1/documents/${documentId}`, { title: 'Renamed on the other node' })).status).toBe(200);
    expect((await read()).document.title).toBe('Renamed on the other node');

    const field = (await read()).fields.find((f) => f.valueType === 'string');
    expect(field).toBeDefined();
    expect((await writer.json('PUT', `/v1/documents/${documentId}/fields`, { fields: { [field?.key ?? '']: 'from the other node' } })).status).toBe(200);
    expect((await read()).fields.find((f) => f.key === field?.key)?.value).toBe('from the other node');

    await cluster.query(`update documents set title = 'Renamed by hand' where id = '${documentId}'`);
    expect((await read()).document.title).toBe('Renamed by hand');
  }, 60_000);
});
