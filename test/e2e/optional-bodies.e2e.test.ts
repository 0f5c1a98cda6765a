/**
 * Issue #12, API conventions: an operation whose body keys are all optional accepts no body —
 * neither a missing body nor `content-type: application/json` with zero bytes is refused — and
 * its OpenAPI request body says `required: false`. A body that is sent is still validated.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeOneDialect } from '../support/dialects.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const SPEC = {
  slug: 'no-body',
  title: 'No body',
  fields: [{ key: 'client', value: 'Acme GmbH' }],
  dataNeeds: [{ output_key: 'facts', kind: 'static', name: 'Client file', args_json: { value: 'Acme GmbH signed.' } }],
  sections: [{ key: 'summary', title: 'Summary', render_mode: 'templated', output_type: 'markdown', output_template: 'For {{ client }}.' }],
};

describeOneDialect('operations with all-optional bodies', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    token = await server.login();
    await createTemplate(api, SPEC);
  });
  afterAll(async () => server?.close());

  const newDocument = async (): Promise<string> => (await api.post('/v1/documents', { templateId: 'no-body' })).body.document.id;
  /** POST with no body at all, or with a JSON content type and zero bytes. */
  const bare = (path: string, emptyJson: boolean) =>
    server.call('POST', path, { token, org: 'acme', ...(emptyJson ? { rawBody: '', headers: { 'content-type': 'application/json' } } : {}) });

  for (const emptyJson of [false, true]) {
    const how = emptyJson ? 'an empty JSON body' : 'no body';

    it(`generate with ${how} starts a run as with {}`, async () => {
      const id = await newDocument();
      const response = await bare(`/v1/documents/${id}/generate`, emptyJson);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { started: boolean }).started).toBe(true);
      const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token);
      expect(events.at(-1)?.event).toBe('pipeline_finished');
    });

    it(`snapshots, gather and regenerate with ${how} answer as with {}`, async () => {
      const id = await newDocument();
      const snapshot = await bare(`/v1/documents/${id}/snapshots`, emptyJson);
      expect(snapshot.status).toBe(201);
      const gather = await bare(`/v1/documents/${id}/gather`, emptyJson);
      expect(gather.status).toBe(200);
      const sections = (await api.get(`/v1/documents/${id}/sections`)).body as Array<{ id: string }>;
      const regenerate = await bare(`/v1/documents/${id}/sections/${sections[0].id}/regenerate`, emptyJson);
      expect(regenerate.status).toBe(200);
      await collectEvents(`${server.url}/v1/documents/${id}/progress`, token);
      expect((await api.get(`/v1/documents/${id}/snapshots`)).body).toHaveLength(1);
    });

    it(`the assessment area's starts with ${how} answer as with {}`, async () => {
      const withEmpty = await api.post('/batches/process', {});
      expect(withEmpty.status).toBeLessThan(300);
      const without = await bare('/batches/process', emptyJson);
      expect(without.status).toBe(withEmpty.status);
      expect(await without.json()).toEqual(withEmpty.body);
    });
  }

  it('still validates a body that is sent, and still requires the bodies that have required keys', async () => {
    const id = await newDocument();
    const wrong = await api.post(`/v1/documents/${id}/generate`, { force: 'yes' });
    expect(wrong.status).toBe(422);
    const missing = await server.call('POST', '/v1/documents', { token, org: 'acme', rawBody: '', headers: { 'content-type': 'application/json' } });
    expect(missing.status).toBe(422);
  });

  it('declares those request bodies optional in OpenAPI, and the others required', async () => {
    const doc = (await (await server.call('GET', '/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: { required?: boolean } }>>;
    };
    expect(doc.paths['/v1/documents/{document_id}/generate'].post.requestBody?.required).toBe(false);
    expect(doc.paths['/v1/documents/{document_id}/snapshots'].post.requestBody?.required).toBe(false);
    expect(doc.paths['/v1/documents/{document_id}/gather'].post.requestBody?.required).toBe(false);
    expect(doc.paths['/v1/documents/{document_id}/sections/{section_id}/regenerate'].post.requestBody?.required).toBe(false);
    expect(doc.paths['/v1/documents'].post.requestBody?.required).toBe(true);
  });
});
