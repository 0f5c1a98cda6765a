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
    await expect.poll(() => linesOf(requestId).map((line) => line.msg), { timeout: 10_000, interval: 20 }).toEqual(['incoming request', 'request completed']);
    expect(server.logs.join('\n')).not.toContain(token);
  });

  it('writes no request lines for a route whose own level is warn', async () => {
    const response = await server.call('GET', '/docs');
    await response.arrayBuffer();
    const requestId = response.headers.get('x-request-id') ?? '';
    expect(requestId).not.toBe('');
    // A request made after it, whose completion line is written later in the same stream: once
    // that line is there, any line of the docs request would be too.
    const after = await server.call('GET', '/v1/whoami', { token });
    await after.arrayBuffer();
    const afterId = after.headers.get('x-request-id') ?? '';
    await expect.poll(() => linesOf(afterId).map((line) => line.msg), { timeout: 10_000, interval: 20 }).toContain('request completed');
    expect(linesOf(requestId)).toEqual([]);
  });
});
