/**
 * The contract tour's machinery against a real Prism proxy and a small real upstream: a
 * response that breaks the contract is recorded as a violation of its operation, a conforming
 * one is not, a deliberately invalid request's request-side findings are not counted, a step
 * that gets another status than the one it was written for is a tour violation.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrismProxy, startPrismProxy } from './prism-proxy.js';
import { Coverage, StepFailed, TourClient } from './tour-client.js';
import type { OpenApiDocument } from './operations.js';

const CONTRACT: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'things', version: '1.0.0' },
  paths: {
    '/things/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'a thing', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          '404': {
            description: 'none',
            content: { 'application/json': { schema: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } } } },
          },
        },
      },
    },
    '/things': {
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        responses: { '201': { description: 'made', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      },
    },
  },
  components: { schemas: { Thing: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } },
};

/** Answers /things/good with a Thing, /things/bad with a number for a name, the rest 404. */
function upstream(): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST') return json(201, { name: 'made' });
    if (request.url === '/things/good') return json(200, { name: 'good' });
    if (request.url === '/things/bad') return json(200, { name: 5 });
    return json(404, { detail: 'not found' });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('contract tour through a real Prism proxy', () => {
  let dir: string;
  let api: http.Server;
  let prism: PrismProxy;
  let coverage: Coverage;
  let client: TourClient;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-prism-test-'));
    await fs.writeFile(path.join(dir, 'things.json'), JSON.stringify(CONTRACT));
    api = await upstream();
    prism = await startPrismProxy(path.join(dir, 'things.json'), `http://127.0.0.1:${(api.address() as AddressInfo).port}`, path.join(dir, 'prism.log'));
    coverage = new Coverage('things', CONTRACT);
    client = new TourClient(`http://127.0.0.1:${(api.address() as AddressInfo).port}`, [{ proxyUrl: prism.url, coverage, accepts: () => true }]);
  });
  afterAll(async () => {
    await prism?.close();
    api?.closeAllConnections();
    api?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('records nothing for a conforming answer, and a violation of its operation for a broken one', async () => {
    const good = await client.get('/things/good');
    expect(good.body).toEqual({ name: 'good' });
    expect(client.violations).toEqual([]);
    await client.get('/things/bad');
    expect(client.violations).toEqual([
      expect.objectContaining({ operation: 'GET /things/{id}', source: 'prism', location: 'response.body.name', request: 'GET /things/bad → 200' }),
    ]);
    expect(coverage.visited).toEqual(new Set(['GET /things/{id}']));
    expect(prism.loggedViolations()).toBeGreaterThanOrEqual(1);
  });

  it('does not count what Prism says about a request broken on purpose, and does count a wrong status', async () => {
    const before = client.violations.length;
    await client.post('/things', { title: 'no name' }, 201, { invalidRequest: true });
    expect(client.violations.length).toBe(before);
    await client.post('/things', { title: 'no name' }, 201);
    expect(client.violations.slice(before).map((v) => v.location)).toEqual([expect.stringMatching(/^request\.body/)]);
    await expect(client.get('/things/missing', 200)).rejects.toBeInstanceOf(StepFailed);
    expect(client.violations.at(-1)).toMatchObject({ source: 'tour', location: 'status', operation: 'GET /things/{id}' });
    expect(coverage.visited).toEqual(new Set(['GET /things/{id}', 'POST /things']));
  });
});
