/**
 * The contract tour's direct checks against a real server on SQLite: progress events
 * validated against the contract's `ProgressEvent` schema when there is one (and a note when
 * there is none), and the .docx export's content type checked against the one declared.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeOneDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import type { OpenApiDocument } from './operations.js';
import { tourSpec } from './tour-documents.js';
import { Coverage } from './tour-client.js';
import { type WireCheckContext, checkDownload, checkProgress } from './wire-checks.js';

describeOneDialect('contract tour wire checks', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;
  let served: OpenApiDocument;
  let documentId: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    token = await server.login();
    served = (await api.get('/v1/openapi.json')).body;
    await createTemplate(api, tourSpec('wire-checks'));
    documentId = (await api.post('/v1/documents', { templateId: 'wire-checks' })).body.document.id;
    expect((await api.post(`/v1/documents/${documentId}/generate`, {})).status).toBe(200);
    await server.jobs.idle();
  });
  afterAll(async () => server?.close());

  /** The served document with changes, and a check context over it alone. */
  const contextWith = (change: (doc: OpenApiDocument) => void): WireCheckContext => {
    const doc = structuredClone(served);
    change(doc);
    return { serverUrl: server.url, token, org: 'acme', coverages: [new Coverage('test', doc)], violations: [], notes: new Set() };
  };
  const withEventSchema = (schema: unknown) => (doc: OpenApiDocument) => {
    doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ProgressEvent: schema } };
  };

  it('checks every progress event against ProgressEvent, through the document components', async () => {
    const fitting = contextWith(
      withEventSchema({
        type: 'object',
        required: ['event', 'seq'],
        properties: { event: { type: 'string' }, seq: { type: 'integer' }, detail: { $ref: '#/components/schemas/ErrorResponse' } },
      }),
    );
    const events = await checkProgress(fitting, `/v1/documents/${documentId}/progress`);
    expect(events.at(-1)?.event).toBe('pipeline_finished');
    expect(fitting.violations).toEqual([]);
    expect(fitting.notes.size).toBe(0);
    expect(fitting.coverages[0].visited).toEqual(new Set(['GET /v1/documents/{document_id}/progress']));

    const narrow = contextWith(withEventSchema({ type: 'object', properties: { event: { enum: ['pipeline_finished'] } } }));
    await checkProgress(narrow, `/v1/documents/${documentId}/progress`);
    expect(narrow.violations.length).toBe(events.length - 1);
    expect(narrow.violations[0]).toMatchObject({
      operation: 'GET /v1/documents/{document_id}/progress',
      source: 'wire-check',
      location: `event.${String(events[0].event)}.event`,
    });
  });

  it('says so when the contract has no event schema, and still requires a terminal event', async () => {
    // The served contract has ProgressEvent now: take it out to see the fallback.
    const bare = contextWith((doc: OpenApiDocument) => {
      const { ProgressEvent: _dropped, ...others } = doc.components?.schemas ?? {};
      doc.components = { ...doc.components, schemas: others };
    });
    await checkProgress(bare, `/v1/documents/${documentId}/progress`);
    expect(bare.violations).toEqual([]);
    expect([...bare.notes]).toEqual([expect.stringContaining('has no ProgressEvent schema')]);
  });

  it('checks the .docx content type against the one declared for the status', async () => {
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const declared = contextWith(() => undefined);
    await checkDownload(declared, `/v1/documents/${documentId}/export.docx`, { status: 200, contentType: docx });
    expect(declared.violations).toEqual([]);
    const other = contextWith((doc) => {
      const operation = doc.paths['/v1/documents/{document_id}/export.docx'].get as { responses: Record<string, { content?: Record<string, unknown> }> };
      operation.responses['200'].content = { 'application/pdf': {} };
    });
    await checkDownload(other, `/v1/documents/${documentId}/export.docx`, { status: 200, contentType: docx });
    expect(other.violations).toEqual([
      expect.objectContaining({
        location: 'response.header.content-type',
        message: `content type ${docx} is not declared for 200 (declared: application/pdf)`,
      }),
    ]);
  });
});
