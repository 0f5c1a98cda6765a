/**
 * Request log lines at LOG_LEVEL=info: each carries the request id the answer names, the bearer
 * token never appears, and a route with its own quieter level (the docs page) writes none.
 */
import { afterAll, beforeAll, expect, it, describe } from 'vitest';
import { type TestServer, startTestServer } from '../support/test-server.js';

describe('request logs', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect: 'sqlite' });
    token = await server.login();
  });
  afterAll(async () => server?.close());

  const linesOf = (requestId: string) =>
    server.logs
      .flatMap((chunk) => chunk.split('\n'))
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; req?: { url?: string } })
      .filter((line) => line.reqId === requestId);

  it('binds every line of a request to the id its answer carries, without the token', async () => {
    const response = await server.call('GET', '/v1/whoami', { token });
    await response.arrayBuffer();
    const requestId = response.headers.get('x-request-id') ?? '';
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    // The completion line is written as the answer ends, which may be after the client has it.
    for (let waited = 0; linesOf(requestId).length < 2 && waited < 2_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(linesOf(requestId).map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(server.logs.join('\n')).not.toContain(token);
  });

  it('writes no request lines for a route whose own level is warn', async () => {
    const response = await server.call('GET', '/docs');
    await response.arrayBuffer();
    const requestId = response.headers.get('x-request-id') ?? '';
    expect(requestId).not.toBe('');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(linesOf(requestId)).toEqual([]);
  });
});
