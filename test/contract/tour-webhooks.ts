/**
 * The tour of `/v1/webhooks`: register an endpoint on the tour's allow-listed JSON API, list,
 * read, change, ping it (a real signed delivery), read its deliveries, rotate its secret and
 * delete it — and the refusals: 422 for a loopback URL the SSRF guard does not allow, 404 for
 * an unknown id.
 */
import type { Section } from './tour.js';

const webhooks: Section = async (tour) => {
  const c = tour.client;
  const created = await c.post(
    '/v1/webhooks',
    { url: `${tour.toolApi.url}/echo`, events: ['generation.finished', 'batch.finished'], description: `tour ${tour.suffix}` },
    201,
  );
  const id = created.body?.id;
  if (typeof id !== 'string') throw new Error(`no id in ${JSON.stringify(created.body).slice(0, 300)}`);
  await c.get('/v1/webhooks');
  await c.get('/v1/webhooks?sort=newest&q=a&limit=5');
  await c.get(`/v1/webhooks/${id}`);
  await c.patch(`/v1/webhooks/${id}`, { events: ['generation.failed'], enabled: true });
  await c.post(`/v1/webhooks/${id}/ping`, undefined);
  await c.get(`/v1/webhooks/${id}/deliveries`);
  await c.get(`/v1/webhooks/${id}/deliveries?status=delivered&limit=5`);
  await c.post(`/v1/webhooks/${id}/rotate-secret`, undefined);
  await c.post('/v1/webhooks', { url: 'http://127.0.0.1:1/hook', events: ['batch.finished'] }, 422);
  await c.get('/v1/webhooks/whk_missing', 404);
  await c.delete(`/v1/webhooks/${id}`);
};

export const webhookSections: Record<string, Section> = { webhooks };
