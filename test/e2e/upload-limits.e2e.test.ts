/**
 * Upload size is governed by UPLOAD_MAX_BYTES alone: a file larger than the JSON body limit
 * (BODY_LIMIT_BYTES) but under the upload cap is accepted; one over the cap is 413, and the
 * connection it came on still serves the next request. A broken multipart body is the client's
 * fault: 422, nothing stored.
 */
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOneDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { assessmentRowCounts, multipart, postMultipart } from './assessments-helpers.js';

describeOneDialect('upload limits', (dialect) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { BODY_LIMIT_BYTES: String(64 * 1024), UPLOAD_MAX_BYTES: String(400 * 1024) } });
    token = await server.login();
  });
  afterAll(async () => server?.close());

  const file = (bytes: number) => ({ name: 'notes.txt', bytes: Buffer.from(`Vendor: Contoso Ltd\n${'x'.repeat(bytes)}`), type: 'text/plain' });

  it('accepts a file above the JSON body limit and under the upload cap', async () => {
    const created = await postMultipart(server, token, 'acme', '/assessments', { name: 'Large notes' }, [file(200 * 1024)]);
    expect(created.status).toBe(201);
    expect(created.body.documents[0].size_bytes).toBeGreaterThan(200 * 1024);
    // Its extraction runs in the background; let it finish so later row counts are stable.
    await server.jobs.idle();
  });

  it('refuses a file over the upload cap with 413', async () => {
    const refused = await postMultipart(server, token, 'acme', '/assessments', { name: 'Too large' }, [file(500 * 1024)]);
    expect(refused.status).toBe(413);
    expect(typeof refused.body.detail).toBe('string');
  });

  it('keeps a keep-alive connection usable after refusing an upload it did not read to the end', async () => {
    // One socket: the second request can only go out once the first upload is off the connection.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: Buffer, contentType: string): Promise<number> =>
      new Promise((resolve, reject) => {
        const request = http.request(
          `${server.url}/assessments`,
          { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'content-length': body.length } },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    try {
      // Far more than the socket buffers hold: the client is still sending when the 413 is written.
      const { body, contentType } = multipart({ name: 'Too large' }, [file(8 * 1024 * 1024)]);
      expect(await post(body, contentType)).toBe(413);
      expect(await post(Buffer.from('garbage'), 'multipart/form-data; boundary=abc')).toBe(422);
    } finally {
      agent.destroy();
    }
  });

  it('answers a malformed multipart body with 422 and stores nothing', async () => {
    await server.jobs.idle();
    const before = await assessmentRowCounts(server);
    const cases: Array<[string, string]> = [
      ['multipart/form-data; boundary=abc', 'garbage'],
      ['multipart/form-data', '--x\r\n'],
      ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nhello'],
    ];
    for (const path of ['/assessments', '/documents', '/documents/validate']) {
      for (const [contentType, body] of cases) {
        const response = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
          body,
        });
        expect(response.status, `${path} ${body}`).toBe(422);
        expect(((await response.json()) as { detail: string }).detail).toMatch(/malformed/);
      }
    }
    expect(await assessmentRowCounts(server)).toEqual(before);
  });
});
