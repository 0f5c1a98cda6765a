import { afterAll, beforeAll, expect, it } from 'vitest';
import { createGuardedWebhookTransport } from '../../adapters/webhooks/guarded-webhook-transport.js';
import { InProcessJobQueue } from '../../jobs/in-process-job-queue.js';
import { describeEachDialect } from '../../../test/support/dialects.js';
import { useDbHarness } from '../../../test/support/db-harness.js';
import { type TestOrg, buildOrg } from '../../../test/support/factories.js';
import { type WebhookReceiver, startWebhookReceiver } from '../../../test/support/webhook-receiver.js';
import { newId } from '../../kernel/ids.js';
import { deliverWebhook } from './deliver-webhook.js';
import { queueWebhookEvent } from './queue-webhook-event.js';
import type { WebhookServices } from './webhook-services.js';
import { newWebhookSecret } from './webhook-signature.js';

describeEachDialect('deliverWebhook', (dialect) => {
  const h = useDbHarness(dialect);
  let receiver: WebhookReceiver;
  let services: WebhookServices;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => receiver?.close());

  /** An endpoint on the receiver's `path` and one queued `batch.finished` delivery to it. */
  async function queued(org: TestOrg, path: string, enabled = true): Promise<string> {
    // The receiver refuses timestamps more than five minutes from its own clock, as receivers do.
    h.clock.set(new Date().toISOString());
    services = {
      jobs: new InProcessJobQueue(h.db),
      transport: createGuardedWebhookTransport({ allowedHosts: [`127.0.0.1:${receiver.port}`] }),
      policy: { retrySeconds: [60], timeoutMs: 5000 },
    };
    const now = h.clock.now().toISOString();
    const secret = newWebhookSecret();
    receiver.secrets.set(path, secret);
    await h.contextFor(org).repos.webhookEndpoints.insert(org.id, {
      id: newId('whk'),
      url: `${receiver.url}${path}`,
      description: null,
      events: ['batch.finished'],
      secret,
      enabled,
      createdBy: null,
      createdAt: now,
      updatedAt: now,
    });
    const ctx = h.contextFor(org);
    await ctx.transaction((tx) => queueWebhookEvent(tx, services.jobs, { type: 'batch.finished', sourceId: `brun_${path}`, data: { summary: 'done' } }));
    const row = await h.db.selectFrom('webhook_deliveries').select('id').where('org_id', '=', org.id).executeTakeFirstOrThrow();
    return row.id;
  }

  it('sends a signed attempt once: the same attempt run again (a job retried after a crash) sends nothing', async () => {
    const org = await buildOrg(h.db);
    const deliveryId = await queued(org, `/once-${dialect}`);
    await deliverWebhook(h.contextFor(org), services, { deliveryId, attempt: 1 });
    await deliverWebhook(h.contextFor(org), services, { deliveryId, attempt: 1 });
    expect(receiver.on(`/once-${dialect}`).map((r) => r.signatureValid)).toEqual([true]);
    const delivery = await h.contextFor(org).repos.webhookDeliveries.findById(org.id, deliveryId);
    expect(delivery).toMatchObject({ status: 'delivered', attemptCount: 1, responseStatus: 200 });
  });

  it('schedules the next attempt after a failure, delayed by the policy, and gives up after the last', async () => {
    const org = await buildOrg(h.db);
    const path = `/fails-${dialect}`;
    receiver.script.set(path, [503, 503]);
    const deliveryId = await queued(org, path);
    await deliverWebhook(h.contextFor(org), services, { deliveryId, attempt: 1 });
    const waiting = await h.contextFor(org).repos.webhookDeliveries.findById(org.id, deliveryId);
    expect(waiting).toMatchObject({
      status: 'pending',
      attemptCount: 1,
      responseStatus: 503,
      nextAttemptAt: new Date(h.clock.now().getTime() + 60_000).toISOString(),
    });
    const next = await h.db.selectFrom('jobs').select(['run_after', 'status']).where('id', '=', `webhooks.deliver:${deliveryId}:2`).executeTakeFirstOrThrow();
    expect(next).toEqual({ run_after: waiting?.nextAttemptAt, status: 'queued' });
    await deliverWebhook(h.contextFor(org), services, { deliveryId, attempt: 2 });
    expect(await h.contextFor(org).repos.webhookDeliveries.findById(org.id, deliveryId)).toMatchObject({
      status: 'failed',
      attemptCount: 2,
      nextAttemptAt: null,
    });
    expect(await h.db.selectFrom('jobs').select('id').where('id', '=', `webhooks.deliver:${deliveryId}:3`).executeTakeFirst()).toBeUndefined();
    expect(receiver.on(path)).toHaveLength(2);
  });

  it('gives up without sending when the endpoint was disabled after the event', async () => {
    const org = await buildOrg(h.db);
    const path = `/disabled-${dialect}`;
    const deliveryId = await queued(org, path);
    const endpoint = await h.db.selectFrom('webhook_endpoints').select('id').where('org_id', '=', org.id).executeTakeFirstOrThrow();
    await h.contextFor(org).repos.webhookEndpoints.update(org.id, endpoint.id, { enabled: false, updatedAt: h.clock.now().toISOString() });
    await deliverWebhook(h.contextFor(org), services, { deliveryId, attempt: 1 });
    expect(receiver.on(path)).toEqual([]);
    expect(await h.contextFor(org).repos.webhookDeliveries.findById(org.id, deliveryId)).toMatchObject({
      status: 'failed',
      attemptCount: 0,
      error: expect.stringContaining('disabled'),
    });
  });
});
