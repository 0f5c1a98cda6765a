/** The spec's retry policy, against a local server scripting failures. */
import { afterEach, describe, expect, it } from 'vitest';
import { GenerateConflict, createQuireClient, retryAfterMs, startGeneration, whoami } from '../src/index.js';
import { QuireApiError } from '../src/errors.js';
import { type ScriptedServer, hangUp, json, startScriptedServer } from './support/scripted-server.js';

const WHOAMI = { user: { email: 'dev@localhost', organizations: ['acme'] }, activeOrg: 'acme' };
const FAST = { baseDelayMs: 10, random: () => 0.5 };

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(steps: Parameters<typeof startScriptedServer>[0], retry: Record<string, unknown> = FAST) {
  server = await startScriptedServer(steps);
  return { server, client: createQuireClient({ baseUrl: server.url, token: 't0k', org: 'acme', retry }) };
}

describe('retry policy', () => {
  it('retries 503, 502 and 504 until an answer, with the same headers each time', async () => {
    const { server, client } = await clientFor([
      json(503, { detail: 'down' }),
      json(502, { detail: 'gateway' }),
      json(504, { detail: 'slow' }),
      json(200, WHOAMI),
    ]);
    expect(await whoami(client)).toEqual(WHOAMI);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer t0k', 'Bearer t0k', 'Bearer t0k', 'Bearer t0k']);
    expect(server.requests.map((r) => r.headers['x-org-slug'])).toEqual(['acme', 'acme', 'acme', 'acme']);
  });

  it('waits what a 429 Retry-After says before retrying', async () => {
    const { server, client } = await clientFor([json(429, { detail: 'slow down' }, { 'retry-after': '1' }), json(200, WHOAMI)]);
    expect(await whoami(client)).toEqual(WHOAMI);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(950);
  });

  it('returns a Retry-After longer than the longest wait at once, as an error', async () => {
    const { server, client } = await clientFor([json(503, { detail: 'maintenance' }, { 'retry-after': '3600' }), json(200, WHOAMI)]);
    await expect(whoami(client)).rejects.toMatchObject({ status: 503, detail: 'maintenance' });
    expect(server.requests).toHaveLength(1);
  });

  it('never retries a bare 500', async () => {
    const { server, client } = await clientFor([json(500, { detail: 'TypeError: boom' }), json(200, WHOAMI)]);
    const failure = whoami(client);
    await expect(failure).rejects.toBeInstanceOf(QuireApiError);
    await expect(failure).rejects.toMatchObject({ status: 500, detail: 'TypeError: boom' });
    expect(server.requests).toHaveLength(1);
  });

  it('retries a dropped connection (a transport failure)', async () => {
    const { server, client } = await clientFor([hangUp, json(200, WHOAMI)]);
    expect(await whoami(client)).toEqual(WHOAMI);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after the configured retries and surfaces the last answer', async () => {
    const { server, client } = await clientFor([json(503, { detail: 'still down' })], { ...FAST, retries: 2 });
    await expect(whoami(client)).rejects.toMatchObject({ status: 503, detail: 'still down' });
    expect(server.requests).toHaveLength(3);
  });

  it('re-sends the request body on a retried POST', async () => {
    const started = { started: true, alreadyRunning: false, documentId: 'doc_1', progressUrl: '/v1/documents/doc_1/progress' };
    const { server, client } = await clientFor([json(503, { detail: 'busy' }), json(200, started)]);
    expect(await startGeneration(client, 'doc_1', { preserveEdited: true })).toEqual(started);
    expect(server.requests.map((r) => JSON.parse(r.body))).toEqual([{ preserveEdited: true }, { preserveEdited: true }]);
  });

  it('surfaces a 409 on generate as a GenerateConflict with the edited titles, not retried', async () => {
    const { server, client } = await clientFor([json(409, { detail: { blockedEdited: true, editedSectionTitles: ['Scope', 'Fees'] } }), json(200, {})]);
    const failure = startGeneration(client, 'doc_1');
    await expect(failure).rejects.toBeInstanceOf(GenerateConflict);
    await expect(failure).rejects.toMatchObject({ status: 409, editedSectionTitles: ['Scope', 'Fees'] });
    expect(server.requests).toHaveLength(1);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
