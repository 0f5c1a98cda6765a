/**
 * How many database queries `GET /v1/documents/{id}` runs (issue #17: the read path is where a
 * client waits). Counted from the store's own query log on a server that runs no jobs, so
 * nothing else queries while the request is answered. The membership cache lives long enough
 * here that a slow machine cannot let it expire between two requests.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

describeEachDialect('GET /v1/documents/{id} queries', (dialect) => {
  let server: TestServer;
  let token: string;
  let documentId: string;
  const queries: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      env: { ROLE: 'api', QUIRE_SECRET_KEY: randomBytes(32).toString('base64'), AUTH_MEMBERSHIP_CACHE_SECONDS: '600' },
      onQuery: (sql) => queries.push(sql),
    });
    token = await server.login();
    const created = await server.call('POST', '/v1/documents', { token, org: 'acme', body: { templateId: 'gdpr-dpia', title: 'Query count' } });
    expect(created.status).toBe(201);
    documentId = ((await created.json()) as { document: { id: string } }).document.id;
  });
  afterAll(async () => server?.close());

  async function queriesOfGet(): Promise<string[]> {
    queries.length = 0;
    const response = await server.call('GET', `/v1/documents/${documentId}`, { token, org: 'acme' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { document: { id: string }; sections: unknown[]; fields: unknown[] };
    expect(body.document.id).toBe(documentId);
    expect(body.sections.length).toBeGreaterThan(0);
    return [...queries];
  }

  /** SQLite reads the database's change stamp first (pragma data_version): unchanged since the revisions were read, it answers alone. */
  const stamp = dialect === 'sqlite' ? ['pragma data_version'] : [];

  it('a read after a write: the revision, then the document with its sections, fields, data needs and gathered values in one statement; the caller is not looked up again', async () => {
    await queriesOfGet();
    const renamed = await server.call('PATCH', `/v1/documents/${documentId}`, { token, org: 'acme', body: { title: 'Query count, renamed' } });
    expect(renamed.status).toBe(200);
    const read = await queriesOfGet();
    // Issue #17 allows two: the revision the cache is checked by, and the document (the tenancy
    // gate) carrying its four child lists as JSON arrays, one round trip on PostgreSQL. SQLite's
    // change stamp comes first (a write since: it vouches for nothing).
    expect(read.slice(0, stamp.length)).toEqual(stamp);
    expect(read, read.join('\n')).toHaveLength(2 + stamp.length);
    expect(read[stamp.length], read.join('\n')).toMatch(/\bdocument_revisions\b/i);
    expect(read.filter((q) => /\bfrom "?memberships"?/i.test(q) || /\bfrom "?users"?/i.test(q))).toEqual([]);
    for (const table of ['documents', 'sections', 'document_fields', 'data_needs', 'gathered_values']) {
      expect(
        read.filter((q) => new RegExp(`\\bfrom "?${table}"?`, 'i').test(q)),
        table,
      ).toHaveLength(1);
    }
  });

  it("a read with nothing written since the last one: exactly one query, the revision read or SQLite's change stamp (the serialized detail is reused)", async () => {
    await queriesOfGet();
    const warm = await queriesOfGet();
    expect(warm, warm.join('\n')).toHaveLength(1);
    expect(warm[0], warm.join('\n')).toMatch(dialect === 'sqlite' ? /^pragma data_version$/ : /\bdocument_revisions\b/i);
  });

  it("another organization's caller still gets 404 for the document (the cache holds who, not what)", async () => {
    const response = await server.call('GET', `/v1/documents/${documentId}`, { token, org: 'globex' });
    expect(response.status).toBe(404);
  });
});
