/**
 * `/v1/webhooks`: an organization's webhook endpoints and their deliveries. Owners only: an
 * endpoint decides where the organization's run outcomes are sent (docs/adr/0079-roles-hierarchy.md).
 * Routes only adapt: parse, build the context, call one use
 * case, shape the reply.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, StringEnum, errorResponses } from '../../kernel/schema.js';
import { PageQueryProperties, PagedArray, pageOf, sendPage } from '../paging.js';
import { ListViewQueryProperties, viewOf } from '../list-view-query.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { createWebhook } from './commands/create-webhook.js';
import { deleteWebhook } from './commands/delete-webhook.js';
import { pingWebhook } from './commands/ping-webhook.js';
import { rotateWebhookSecret } from './commands/rotate-webhook-secret.js';
import { updateWebhook } from './commands/update-webhook.js';
import { getWebhook } from './queries/get-webhook.js';
import { listWebhookDeliveries } from './queries/list-webhook-deliveries.js';
import { listWebhooks } from './queries/list-webhooks.js';
import { presentWebhook, presentWebhookDelivery, presentWebhookWithSecret } from './webhook.presenter.js';
import { type WebhookServices, webhookServices } from './webhook-services.js';
import { CreateWebhookBody, DELIVERY_STATUSES, UpdateWebhookBody, Webhook, WebhookDeleted, WebhookDelivery, WebhookWithSecret } from './webhooks.schemas.js';

const WebhookParams = Type.Object({ webhook_id: Type.String() });
const tags = ['webhooks'];
// Where the organization's run outcomes go, signed with its secret: the owners' decision.
const config = { role: 'owner' as const };

/** Registers the webhook routes on the authenticated scope. */
export function registerWebhookRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const services = webhookServices(deps);
  registerWebhookCollection(fastify, deps, services);
  registerWebhookItem(fastify, deps, services);
  registerWebhookOperations(fastify, deps, services);
}

/** List and create webhooks. */
function registerWebhookCollection(fastify: FastifyInstance, deps: RouteDeps, services: WebhookServices): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/webhooks',
    {
      schema: {
        operationId: 'listWebhooks',
        summary: "The organization's webhooks",
        description: "The active organization's webhook endpoints, oldest first, without their secrets.",
        tags,
        querystring: Type.Object({ ...PageQueryProperties, ...ListViewQueryProperties('oldest first', 'URL') }),
        response: { 200: PagedArray(Ref(Webhook)), ...errorResponses(422) },
      },
      config,
    },
    async (request, reply) => sendPage(request, reply, await listWebhooks(contextOf(request, deps), pageOf(request.query), viewOf(request.query))),
  );

  app.post(
    '/v1/webhooks',
    {
      schema: {
        operationId: 'createWebhook',
        summary: 'Register a webhook endpoint',
        description:
          'Registers an endpoint for the event types listed and answers 201 with its signing secret (`whsec_…`), shown this once. 422 for a URL on a private, loopback or link-local address (unless allow-listed), or past the limit of endpoints.',
        tags,
        body: Ref(CreateWebhookBody),
        response: { 201: Ref(WebhookWithSecret), ...errorResponses(422) },
      },
      config,
    },
    async (request, reply) => reply.status(201).send(presentWebhookWithSecret(await createWebhook(contextOf(request, deps), services, request.body))),
  );
}

/** Read, update and delete one webhook. */
function registerWebhookItem(fastify: FastifyInstance, deps: RouteDeps, services: WebhookServices): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/webhooks/:webhook_id',
    {
      schema: {
        operationId: 'getWebhook',
        summary: 'A webhook endpoint',
        description: 'One endpoint, without its secret; 404 when absent or of another organization.',
        tags,
        params: WebhookParams,
        response: { 200: Ref(Webhook), ...errorResponses(404) },
      },
      config,
    },
    async (request) => getWebhook(contextOf(request, deps), request.params.webhook_id),
  );

  app.patch(
    '/v1/webhooks/:webhook_id',
    {
      schema: {
        operationId: 'updateWebhook',
        summary: 'Change a webhook endpoint',
        description:
          'Changes the URL, event types, description or enabled flag (the secret stays; rotate it with rotate-secret); 404 when absent, 422 for a refused URL.',
        tags,
        params: WebhookParams,
        body: Ref(UpdateWebhookBody),
        response: { 200: Ref(Webhook), ...errorResponses(404, 422) },
      },
      config,
    },
    async (request) => presentWebhook(await updateWebhook(contextOf(request, deps), services, request.params.webhook_id, request.body)),
  );

  app.delete(
    '/v1/webhooks/:webhook_id',
    {
      schema: {
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook endpoint',
        description: 'Deletes the endpoint and its deliveries; attempts still queued are not sent. 404 when absent.',
        tags,
        params: WebhookParams,
        response: { 200: Ref(WebhookDeleted), ...errorResponses(404) },
      },
      config,
    },
    async (request) => {
      await deleteWebhook(contextOf(request, deps), request.params.webhook_id);
      return { ok: true };
    },
  );
}

/** Rotate the secret of a webhook, ping it, list its deliveries. */
function registerWebhookOperations(fastify: FastifyInstance, deps: RouteDeps, services: WebhookServices): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/v1/webhooks/:webhook_id/rotate-secret',
    {
      schema: {
        operationId: 'rotateWebhookSecret',
        summary: "Replace a webhook's signing secret",
        description:
          'Replaces the signing secret and answers the endpoint with the new one, shown this once; every attempt from now on is signed with it. 404 when absent.',
        tags,
        params: WebhookParams,
        response: { 200: Ref(WebhookWithSecret), ...errorResponses(404) },
      },
      config,
    },
    async (request) => presentWebhookWithSecret(await rotateWebhookSecret(contextOf(request, deps), request.params.webhook_id)),
  );

  app.post(
    '/v1/webhooks/:webhook_id/ping',
    {
      schema: {
        operationId: 'pingWebhook',
        summary: 'Send a test event now',
        description:
          'Sends one signed `ping` event to the endpoint now (not retried) and answers the delivery: what the endpoint replied, or why it did not. 404 when absent.',
        tags,
        params: WebhookParams,
        response: { 200: Ref(WebhookDelivery), ...errorResponses(404) },
      },
      config,
    },
    async (request) => {
      const { delivery, attempts } = await pingWebhook(contextOf(request, deps), services, request.params.webhook_id);
      return presentWebhookDelivery(delivery, attempts);
    },
  );

  app.get(
    '/v1/webhooks/:webhook_id/deliveries',
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: "A webhook's deliveries",
        description:
          "The endpoint's deliveries, newest first, each with its status, attempts and the endpoint's answers, optionally only those in one `status`; 404 when the endpoint is absent.",
        tags,
        params: WebhookParams,
        querystring: Type.Object({
          ...PageQueryProperties,
          status: Type.Optional(StringEnum(DELIVERY_STATUSES, { description: 'only deliveries in this state (pending, delivered or failed)' })),
        }),
        response: { 200: PagedArray(Ref(WebhookDelivery)), ...errorResponses(404, 422) },
      },
      config,
    },
    async (request, reply) =>
      sendPage(request, reply, await listWebhookDeliveries(contextOf(request, deps), request.params.webhook_id, pageOf(request.query), request.query.status)),
  );
}
