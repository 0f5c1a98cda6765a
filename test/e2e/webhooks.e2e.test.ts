/**
 * Webhooks over real HTTP on every dialect, delivered to a real receiver on loopback that checks
 * each Standard Webhooks signature with its own code: one delivery per terminal generation event,
 * extraction and batch completion, retries after a 500 with every attempt recorded, giving up,
 * ping, the secret shown once (and rotated), SSRF refusals, another organization's 404 and the
 * owner role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { addTestMember } from '../support/members.js';
import { LETTER_FIELDS } from '../support/builtin-fields.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { type WebhookReceiver, startWebhookReceiver } from '../support/webhook-receiver.js';
import { postMultipart } from './assessments-helpers.js';

describeEachDialect('webhooks', (dialect) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let owner: Api;
  let token: string;

  /** Registers an endpoint on `path` of the receiver and tells the receiver its secret. */
  async function register(path: string, events: string[]): Promise<{ id: string; secret: string }> {
    const created = await owner.post('/v1/webhooks', { url: `${receiver.url}${path}`, events, description: `test ${path}` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    receiver.secrets.set(path, created.body.secret);
    return { id: created.body.id, secret: created.body.secret };
  }

  async function deliveries(webhookId: string) {
    const answer = await owner.get(`/v1/webhooks/${webhookId}/deliveries`);
    expect(answer.status).toBe(200);
    return answer.body as Array<Record<string, unknown> & { attemptLog: Array<Record<string, unknown>> }>;
  }

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // Only the receiver's port is allowed through the SSRF guard; retries come 0.2 s apart.
    server = await startTestServer({
      dialect,
      env: { TOOL_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`, WEBHOOK_RETRY_SECONDS: '0.2,0.2', WEBHOOK_TIMEOUT_SECONDS: '5' },
    });
    token = await server.login();
    owner = await apiFor(server);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('delivers one signed event per terminal generation event: generate twice, two deliveries', async () => {
    const hook = await register('/generation', ['generation.finished', 'generation.failed', 'generation.blocked']);
    const id = (await owner.post('/v1/documents', { templateId: 'engagement-letter', fields: LETTER_FIELDS })).body.document.id;
    expect((await owner.post(`/v1/documents/${id}/generate`, {})).body.started).toBe(true);
    await server.jobs.idle();
    expect((await owner.post(`/v1/documents/${id}/generate`, { force: true })).body.started).toBe(true);
    await server.jobs.idle();

    const got = receiver.on('/generation');
    expect(got.map((r) => r.body.type)).toEqual(['generation.finished', 'generation.finished']);
    expect(got.every((r) => r.signatureValid)).toBe(true);
    expect(new Set(got.map((r) => r.id)).size).toBe(2);
    for (const r of got) {
      expect(r.id).toBe(r.body.id);
      expect(r.body).toMatchObject({
        organization: 'acme',
        data: { documentId: id, status: 'finished', runId: expect.stringMatching(/^run_/), summary: expect.stringContaining('finished') },
      });
      expect(JSON.stringify(r.body)).not.toMatch(/https?:\/\//);
    }
    expect(got.map((r) => r.body.data.runNumber)).toEqual([1, 2]);
    const listed = await deliveries(hook.id);
    expect(listed).toHaveLength(2);
    for (const d of listed)
      expect(d).toMatchObject({
        webhookId: hook.id,
        event: 'generation.finished',
        status: 'delivered',
        attempts: 1,
        responseStatus: 200,
        responseBodyExcerpt: 'ok /generation',
        nextAttemptAt: null,
      });

    // A blocked run (required fields missing) is a terminal event too.
    const blocked = (await owner.post('/v1/documents', { templateId: 'engagement-letter', fields: {} })).body.document.id;
    await owner.post(`/v1/documents/${blocked}/generate`, {});
    await server.jobs.idle();
    expect(receiver.on('/generation').map((r) => r.body.type)).toEqual(['generation.finished', 'generation.finished', 'generation.blocked']);
    await owner.delete(`/v1/webhooks/${hook.id}`);
  });

  it('delivers extraction and batch completion to the endpoints subscribed to them', async () => {
    const extraction = await register('/extraction', ['extraction.finished', 'extraction.failed']);
    const batches = await register('/batch', ['batch.finished', 'batch.failed']);
    const up = await postMultipart(server, token, 'acme', '/documents', {}, [{ name: 'one.txt', bytes: Buffer.from('Vendor: One Ltd\n'), type: 'text/plain' }]);
    expect(up.status).toBe(201);
    const docId = up.body.documents[0].id;
    await server.jobs.idle();
    const batch = await owner.post('/batches', { name: 'Hooked', document_ids: [docId] });
    const run = await owner.post(`/batches/${batch.body.batch.id}/runs`, { scope: 'all', force: true });
    expect(run.status).toBe(202);
    await server.jobs.idle();

    const extracted = receiver.on('/extraction');
    // The upload's processing run, then the batch's.
    expect(extracted.map((r) => r.body.type)).toEqual(['extraction.finished', 'extraction.finished']);
    expect(extracted.every((r) => r.signatureValid && r.body.data.documentId === docId && r.body.data.status === 'succeeded')).toBe(true);
    const batched = receiver.on('/batch');
    expect(batched).toHaveLength(1);
    expect(batched[0].signatureValid).toBe(true);
    expect(batched[0].body).toMatchObject({
      type: 'batch.finished',
      data: { batchId: batch.body.batch.id, batchRunId: run.body.run.id, status: 'succeeded', counts: { targeted: 1, succeeded: 1 } },
    });
    expect(await deliveries(extraction.id)).toHaveLength(2);
    expect(await deliveries(batches.id)).toHaveLength(1);
    await owner.delete(`/v1/webhooks/${extraction.id}`);
    await owner.delete(`/v1/webhooks/${batches.id}`);
  });

  it('retries after a 500 and records every attempt; gives up after the schedule', async () => {
    const flaky = await register('/flaky', ['generation.finished']);
    const down = await register('/down', ['generation.finished']);
    receiver.script.set('/flaky', [500]);
    receiver.script.set('/down', [500, 502, 503]);
    const id = (await owner.post('/v1/documents', { templateId: 'engagement-letter', fields: LETTER_FIELDS })).body.document.id;
    await owner.post(`/v1/documents/${id}/generate`, {});
    await server.jobs.idle();

    const flakyCalls = receiver.on('/flaky');
    expect(flakyCalls).toHaveLength(2);
    expect(flakyCalls[0].id).toBe(flakyCalls[1].id); // the same message, signed again
    expect(flakyCalls.every((r) => r.signatureValid)).toBe(true);
    const [recovered] = await deliveries(flaky.id);
    expect(recovered).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200, error: null, nextAttemptAt: null });
    expect(recovered.attemptLog.map((a) => [a.attempt, a.responseStatus, a.responseBodyExcerpt])).toEqual([
      [1, 500, 'scripted failure 500'],
      [2, 200, 'ok /flaky'],
    ]);
    expect(recovered.attemptLog[0].error).toBe('the endpoint answered 500');

    expect(receiver.on('/down')).toHaveLength(3); // the first attempt and the two retries
    const [givenUp] = await deliveries(down.id);
    expect(givenUp).toMatchObject({ status: 'failed', attempts: 3, responseStatus: 503, nextAttemptAt: null });
    expect(givenUp.attemptLog.map((a) => a.responseStatus)).toEqual([500, 502, 503]);
    await owner.delete(`/v1/webhooks/${flaky.id}`);
    await owner.delete(`/v1/webhooks/${down.id}`);
  });

  it('pings now and answers what the endpoint replied; shows the secret once; rotates it', async () => {
    const hook = await register('/ping', ['batch.finished']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const ping = await owner.post(`/v1/webhooks/${hook.id}/ping`);
    expect(ping.status).toBe(200);
    expect(ping.body).toMatchObject({
      webhookId: hook.id,
      event: 'ping',
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      responseBodyExcerpt: 'ok /ping',
    });
    const [pinged] = receiver.on('/ping');
    expect(pinged).toMatchObject({ signatureValid: true, body: { type: 'ping', organization: 'acme', data: { webhookId: hook.id } } });

    for (const answer of [
      await owner.get(`/v1/webhooks/${hook.id}`),
      await owner.get('/v1/webhooks'),
      await owner.patch(`/v1/webhooks/${hook.id}`, { description: 'renamed' }),
    ]) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(hook.secret);
      expect(JSON.stringify(answer.body)).not.toContain('whsec_');
    }

    const rotated = await owner.post(`/v1/webhooks/${hook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    await owner.post(`/v1/webhooks/${hook.id}/ping`); // signed with the new secret: the old one no longer verifies
    expect(receiver.on('/ping')[1].signatureValid).toBe(false);
    receiver.secrets.set('/ping', rotated.body.secret);
    await owner.post(`/v1/webhooks/${hook.id}/ping`);
    expect(receiver.on('/ping')[2].signatureValid).toBe(true);

    // A ping to an endpoint that fails says so, and is not retried.
    receiver.script.set('/ping', [500]);
    const failed = await owner.post(`/v1/webhooks/${hook.id}/ping`);
    expect(failed.body).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 500, error: 'the endpoint answered 500', nextAttemptAt: null });
    await server.jobs.idle();
    expect(receiver.on('/ping')).toHaveLength(4);
    await owner.delete(`/v1/webhooks/${hook.id}`);
  });

  it('refuses private, loopback and link-local URLs at registration (422), storing nothing', async () => {
    const refused = [
      'http://127.0.0.1:1/hook', // loopback, not the allow-listed port
      'http://localhost/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.8/hook',
      'http://[::1]/hook',
      'ftp://example.com/hook',
      'http://user:pass@example.com/hook',
    ];
    for (const url of refused) {
      const answer = await owner.post('/v1/webhooks', { url, events: ['batch.finished'] });
      expect(answer.status, url).toBe(422);
      expect(typeof answer.body.detail === 'string' || Array.isArray(answer.body.detail)).toBe(true);
    }
    const hook = await register('/moved', ['batch.finished']);
    const moved = await owner.patch(`/v1/webhooks/${hook.id}`, { url: 'http://192.168.1.10/hook' });
    expect(moved.status).toBe(422);
    expect((await owner.get(`/v1/webhooks/${hook.id}`)).body.url).toBe(`${receiver.url}/moved`);
    expect((await owner.get('/v1/webhooks')).body).toHaveLength(1);
    const unknownEvent = await owner.post('/v1/webhooks', { url: `${receiver.url}/x`, events: ['document.exploded'] });
    expect(unknownEvent.status).toBe(422);
    await owner.delete(`/v1/webhooks/${hook.id}`);
  });

  describe('access', () => {
    it("answers 404 for another organization's webhook, and changes nothing", async () => {
      const hook = await register('/private', ['batch.finished']);
      const globex = owner.as('globex');
      const before = (await owner.get(`/v1/webhooks/${hook.id}`)).body;
      const answers = await Promise.all([
        globex.get(`/v1/webhooks/${hook.id}`),
        globex.patch(`/v1/webhooks/${hook.id}`, { enabled: false }),
        globex.delete(`/v1/webhooks/${hook.id}`),
        globex.post(`/v1/webhooks/${hook.id}/ping`),
        globex.post(`/v1/webhooks/${hook.id}/rotate-secret`),
        globex.get(`/v1/webhooks/${hook.id}/deliveries`),
      ]);
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
      expect(answers.every((a) => a.body.detail === 'webhook not found')).toBe(true);
      expect((await globex.get('/v1/webhooks')).body).toEqual([]);
      expect((await owner.get(`/v1/webhooks/${hook.id}`)).body).toEqual(before);
      expect(receiver.on('/private')).toEqual([]);
      await owner.delete(`/v1/webhooks/${hook.id}`);
    });

    it('is for owners: an editor is refused (403) before anything is read', async () => {
      const hook = await register('/owners', ['batch.finished']);
      const editor = await addTestMember(server, token, 'acme', 'editor', `webhook-editor-${dialect}`);
      const answers = await Promise.all([
        server.call('GET', '/v1/webhooks', { token: editor.token, org: 'acme' }),
        server.call('POST', '/v1/webhooks', { token: editor.token, org: 'acme', body: { url: `${receiver.url}/x`, events: ['batch.finished'] } }),
        server.call('GET', `/v1/webhooks/${hook.id}`, { token: editor.token, org: 'acme' }),
        server.call('POST', `/v1/webhooks/${hook.id}/ping`, { token: editor.token, org: 'acme' }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403]);
      expect(((await answers[0].json()) as { detail: string }).detail).toContain('owner');
      expect(receiver.on('/owners')).toEqual([]);
      await owner.delete(`/v1/webhooks/${hook.id}`);
    });
  });
});
