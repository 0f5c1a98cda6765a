import { describe, expect, it } from 'vitest';
import { InProcessJobQueue } from '../../jobs/in-process-job-queue.js';
import { describeEachDialect } from '../../../test/support/dialects.js';
import { useDbHarness } from '../../../test/support/db-harness.js';
import { type TestOrg, buildOrg } from '../../../test/support/factories.js';
import { newId } from '../../kernel/ids.js';
import { queueWebhookEvent } from './queue-webhook-event.js';
import { type WebhookEvent, webhookEventId } from './webhook-events.js';

const FINISHED: WebhookEvent = { type: 'generation.finished', sourceId: 'run_1', data: { runId: 'run_1', summary: 'Generation run 1 finished.' } };

describeEachDialect('queueWebhookEvent', (dialect) => {
  const h = useDbHarness(dialect);

  async function endpoint(org: TestOrg, events: string[], enabled = true): Promise<string> {
    const id = newId('whk');
    const now = h.clock.now().toISOString();
    await h.contextFor(org).repos.webhookEndpoints.insert(org.id, {
      id,
      url: 'https://hooks.example.com/x',
      description: null,
      events,
      secret: 'whsec_c2VjcmV0',
      enabled,
      createdBy: null,
      createdAt: now,
      updatedAt: now,
    });
    return id;
  }

  async function rows(org: TestOrg) {
    const deliveries = await h.db
      .selectFrom('webhook_deliveries')
      .select(['endpoint_id', 'event_type', 'status', 'payload_json'])
      .where('org_id', '=', org.id)
      .execute();
    const jobs = await h.db
      .selectFrom('jobs')
      .select(['id', 'payload_json'])
      .where('name', '=', 'webhooks.deliver')
      .where('payload_json', 'like', `%${org.id}%`)
      .execute();
    return { deliveries, jobs };
  }

  it('queues one delivery and one job per subscribed, enabled endpoint — and nothing more the second time', async () => {
    const org = await buildOrg(h.db);
    const other = await buildOrg(h.db);
    const listening = await endpoint(org, ['generation.finished', 'generation.failed']);
    await endpoint(org, ['batch.finished']);
    await endpoint(org, ['generation.finished'], false);
    await endpoint(other, ['generation.finished']);
    const jobs = new InProcessJobQueue(h.db);
    const ctx = h.contextFor(org);

    expect(await ctx.transaction((tx) => queueWebhookEvent(tx, jobs, FINISHED))).toBe(1);
    expect(await ctx.transaction((tx) => queueWebhookEvent(tx, jobs, FINISHED))).toBe(0);

    const { deliveries, jobs: queued } = await rows(org);
    expect(deliveries.map((d) => [d.endpoint_id, d.event_type, d.status])).toEqual([[listening, 'generation.finished', 'pending']]);
    expect(JSON.parse(deliveries[0].payload_json)).toMatchObject({
      type: 'generation.finished',
      organization: org.slug,
      data: { runId: 'run_1' },
      id: expect.stringMatching(/^evt_/),
    });
    expect(queued).toHaveLength(1);
    expect(queued[0].id).toMatch(/^webhooks\.deliver:whd_[0-9a-f]+:1$/);
    expect((await rows(other)).deliveries).toEqual([]);
  });

  it('queues nothing when the transaction that reports the event rolls back', async () => {
    const org = await buildOrg(h.db);
    await endpoint(org, ['generation.finished']);
    const jobs = new InProcessJobQueue(h.db);
    await expect(
      h.contextFor(org).transaction(async (tx) => {
        await queueWebhookEvent(tx, jobs, FINISHED);
        throw new Error('the terminal event could not be written');
      }),
    ).rejects.toThrow('terminal event');
    expect(await rows(org)).toEqual({ deliveries: [], jobs: [] });
  });
});

describe('event ids', () => {
  it('are the same for the same type and source, and differ otherwise', () => {
    expect(webhookEventId('generation.finished', 'run_1')).toBe(webhookEventId('generation.finished', 'run_1'));
    expect(webhookEventId('generation.finished', 'run_1')).not.toBe(webhookEventId('generation.failed', 'run_1'));
    expect(webhookEventId('generation.finished', 'run_1')).not.toBe(webhookEventId('generation.finished', 'run_2'));
  });
});
