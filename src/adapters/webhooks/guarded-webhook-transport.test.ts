import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedWebhookTransport } from './guarded-webhook-transport.js';

/** A loopback server that counts requests and answers with `handler`. */
async function serve(handler: http.RequestListener): Promise<{ url: string; port: number; hits: number; close(): Promise<void> }> {
  const state = { hits: 0 };
  const server = http.createServer((request, response) => {
    state.hits += 1;
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get hits() {
      return state.hits;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('guarded webhook transport', () => {
  let victim: Awaited<ReturnType<typeof serve>>;
  let receiver: Awaited<ReturnType<typeof serve>>;
  let silent: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    victim = await serve((_request, response) => response.end('secret internal data'));
    receiver = await serve((request, response) => {
      if (request.url === '/redirect') {
        response.writeHead(302, { location: `${victim.url}/` });
        response.end();
        return;
      }
      response.writeHead(201);
      response.end('x'.repeat(5000));
    });
    silent = await serve(() => undefined); // never answers
  });
  afterAll(async () => {
    await Promise.all([victim.close(), receiver.close(), silent.close()]);
  });

  const request = { headers: { 'webhook-id': 'evt_1' }, body: '{}', timeoutMs: 2000 };

  it('refuses a loopback URL at registration and at delivery, and the victim hears nothing', async () => {
    const transport = createGuardedWebhookTransport({ allowedHosts: [] });
    expect(await transport.refusal(`${victim.url}/`)).toMatch(/refused: 127\.0\.0\.1, a loopback address/);
    const outcome = await transport.post(`${victim.url}/`, request);
    expect(outcome).toMatchObject({ kind: 'error', error: expect.stringMatching(/loopback/) });
    expect(victim.hits).toBe(0);
  });

  it('checks the name again at delivery: a host that now resolves to a private address is refused', async () => {
    let answer = '93.184.216.34';
    const transport = createGuardedWebhookTransport({ allowedHosts: [], lookup: async () => [{ address: answer, family: 4 }] });
    expect(await transport.refusal('http://hooks.example.com/x')).toBeNull();
    answer = '10.1.2.3';
    expect(await transport.post('http://hooks.example.com/x', request)).toMatchObject({
      kind: 'error',
      error: expect.stringMatching(/10\.1\.2\.3, a private address/),
    });
  });

  it("answers an allow-listed endpoint's status and a bounded excerpt of its body", async () => {
    const transport = createGuardedWebhookTransport({ allowedHosts: [`127.0.0.1:${receiver.port}`] });
    const outcome = await transport.post(`${receiver.url}/hook`, request);
    expect(outcome.kind).toBe('response');
    if (outcome.kind !== 'response') throw new Error('expected a response');
    expect(outcome.status).toBe(201);
    expect(outcome.bodyExcerpt).toHaveLength(1001); // 1,000 characters and an ellipsis
  });

  it('never follows a redirect (to loopback or anywhere): the 302 is the answer', async () => {
    const transport = createGuardedWebhookTransport({ allowedHosts: [`127.0.0.1:${receiver.port}`] });
    expect(await transport.post(`${receiver.url}/redirect`, request)).toMatchObject({ kind: 'response', status: 302 });
    expect(victim.hits).toBe(0);
  });

  it('gives up on an endpoint that does not answer within the timeout', async () => {
    const transport = createGuardedWebhookTransport({ allowedHosts: [`127.0.0.1:${silent.port}`] });
    expect(await transport.post(`${silent.url}/`, { ...request, timeoutMs: 300 })).toMatchObject({ kind: 'error', error: 'no answer within 300 ms' });
  });
});
