/**
 * Every error answer is `{detail}` with its status, on SQLite: Fastify's and Node's own
 * refusals (bad JSON, bad percent-encoding, unknown route, body too large, path segment too long,
 * unsupported media type, oversized headers and tokens, a malformed multipart body), NUL and
 * invalid Unicode in path, query and body (422, nothing changed: on PostgreSQL these were 500s),
 * and a fields PUT racing a DELETE of its document (404 or 2xx, never 500).
 */
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOneDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

describeOneDialect('error shapes', (dialect) => {
  let server: TestServer;
  let token: string;
  let documentId: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    const created = await server.call('POST', '/v1/documents', { token, body: { templateId: 'gdpr-dpia', title: 'Target' } });
    expect(created.status).toBe(201);
    documentId = ((await created.json()) as { document: { id: string } }).document.id;
  });
  afterAll(async () => server?.close());

  /** Asserts a JSON `{detail}` answer with `status`, and returns the detail. */
  async function expectDetail(response: Response, status: number): Promise<unknown> {
    const text = await response.text();
    expect({ status: response.status, text }).toMatchObject({ status });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['detail']);
    return body.detail;
  }

  /** What a change would show: documents, this document's fields, voices, tool registrations. */
  async function state(): Promise<string> {
    const parts = await Promise.all(
      ['/v1/documents?limit=100', `/v1/documents/${documentId}/fields`, '/v1/voices', '/v1/tool-registrations'].map(async (path) => {
        const response = await server.call('GET', path, { token });
        expect(response.status).toBe(200);
        return response.text();
      }),
    );
    return parts.join('\n');
  }

  /** Sends raw bytes (what fetch would refuse to send) and reads the whole answer. */
  function rawRequest(text: string): Promise<{ status: number; headers: string; body: string }> {
    const { port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(text));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const answer = Buffer.concat(chunks).toString('utf8');
        const [head, ...rest] = answer.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: rest.join('\r\n\r\n') });
      });
    });
  }

  it("answers the framework's own refusals as {detail}", async () => {
    // Bad percent-encoding in a path: text that cannot be stored, 422 like a NUL.
    expect(await expectDetail(await server.call('GET', '/v1/texts/%ff%fe', { token }), 422)).toMatch(/percent-encoded UTF-8/);
    // A path segment over the router's limit: 414, no longer the bare "Bad Request".
    expect(await expectDetail(await server.call('GET', `/v1/texts/${'a'.repeat(150)}`, { token }), 414)).toMatch(/longer than 100/);
    await expectDetail(await server.call('GET', '/v1/no-such-route', { token }), 404);
    await expectDetail(await server.call('POST', '/v1/documents', { token, rawBody: '{"templateId":' }), 422);
    await expectDetail(await server.call('POST', '/v1/documents', { token, rawBody: '<doc/>', headers: { 'content-type': 'application/xml' } }), 415);
    await expectDetail(
      await server.call('POST', '/v1/documents', { token, rawBody: JSON.stringify({ templateId: 'gdpr-dpia', title: 'x'.repeat(6 * 1024 * 1024) }) }),
      413,
    );
    // A multipart body the multipart plugin cannot parse.
    const multipart = await server.call('POST', '/documents', {
      token,
      rawBody: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\ntruncated',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(multipart.status).toBeGreaterThanOrEqual(400);
    expect(multipart.status).toBeLessThan(500);
    await expectDetail(multipart, multipart.status);
  });

  it('answers oversized tokens with 401 and oversized headers with 431, both {detail}', async () => {
    // 20 KB: over Node's old 16 KiB limit (was a bare 431), under the raised head limit.
    expect(await expectDetail(await server.call('GET', '/v1/whoami', { token: 'a'.repeat(20_000) }), 401)).toMatch(/longer than/);
    const huge = await server.call('GET', '/v1/whoami', { token, headers: { 'x-padding': 'a'.repeat(100_000) } });
    expect(await expectDetail(huge, 431)).toMatch(/larger than/);
    expect(huge.headers.get('x-content-type-options')).toBe('nosniff');
    // Node's parser refusing a malformed request line.
    const malformed = await rawRequest('GET /v1/whoami HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body)).toEqual({ detail: 'malformed HTTP request' });
  });

  it('refuses NUL and invalid Unicode in path, query and body with 422 {detail}, changing nothing', async () => {
    const before = await state();
    const doc = `/v1/documents/${documentId}`;
    const cases: Array<[string, string, string | undefined]> = [
      ['GET', '/v1/voices/%00', undefined],
      ['DELETE', '/v1/documents/doc%00x', undefined],
      ['PATCH', '/v1/texts/a%00b', '{"body":"x"}'],
      ['GET', '/v1/documents?cursor=a%00b', undefined],
      ['GET', '/v1/documents?cursor=%ff%fe', undefined],
      ['GET', '/v1/voices?limit=10&x=%ed%a0%80', undefined],
      ['POST', '/v1/documents', '{"templateId":"gdpr-dpia","title":"a\\u0000b"}'],
      ['POST', '/v1/documents', '{"templateId":"gdpr-dpia","title":"a\\ud800b"}'],
      ['POST', '/v1/documents', '{"templateId":"gdpr-dpia","title":"ok","fields":{"k\\u0000":"v"}}'],
      ['PUT', `${doc}/fields`, '{"fields":{"purpose":"a\\u0000b"}}'],
      ['PUT', `${doc}/fields`, '{"fields":{"new\\udc00key":"v"}}'],
      ['PATCH', doc, '{"title":"t\\u0000"}'],
      ['POST', '/v1/voices', '{"name":"v","description":"d","samples":["a\\u0000"]}'],
      ['POST', '/v1/tool-registrations', '{"name":"t\\u0000","category":"c","classPath":"http.json","configJson":{"url":"https://api.example/"}}'],
    ];
    for (const [method, path, rawBody] of cases) {
      const response = await server.call(method, path, { token, rawBody });
      const detail = await expectDetail(response, 422);
      expect(typeof detail, `${method} ${path}`).toBe('string');
    }
    expect(await state()).toBe(before);
  });

  it("answers writes to a document's children racing its DELETE with 404 or 2xx, never 500", async () => {
    const statuses = new Set<number>();
    for (let round = 0; round < 15; round++) {
      const created = await server.call('POST', '/v1/documents', { token, body: { templateId: 'gdpr-dpia', title: `Race ${round}` } });
      const id = ((await created.json()) as { document: { id: string } }).document.id;
      const fields = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`race_${i}`, `value ${i}`]));
      const answers = await Promise.all([
        server.call('PUT', `/v1/documents/${id}/fields`, { token, body: { fields } }),
        server.call('DELETE', `/v1/documents/${id}`, { token }),
        server.call('POST', `/v1/documents/${id}/sections`, { token, body: { title: 'Racing section' } }),
        server.call('POST', `/v1/documents/${id}/snapshots`, { token, body: {} }),
        server.call('POST', `/v1/documents/${id}/data-needs`, { token, body: { kind: 'static', output_key: 'rate', args_json: { value: 0.2 } } }),
      ]);
      for (const answer of answers) {
        statuses.add(answer.status);
        if (answer.status >= 400) await expectDetail(answer, answer.status);
        else await answer.body?.cancel();
      }
      expect((await server.call('GET', `/v1/documents/${id}`, { token })).status).toBe(404);
    }
    expect([...statuses].filter((status) => status >= 500)).toEqual([]);
  });
});
