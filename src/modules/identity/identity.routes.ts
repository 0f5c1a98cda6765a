/** /v1/whoami and /v1/orgs: protected routes (registered inside the authenticated scope). */
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../kernel/actor.js';
import { Ref } from '../../kernel/schema.js';
import { OrgsResponse, WhoamiResponse } from './identity.schemas.js';
import { listOrgs } from './queries/list-orgs.js';
import { whoami } from './queries/whoami.js';

export function registerIdentityRoutes(app: FastifyInstance): void {
  app.get(
    '/v1/whoami',
    {
      schema: {
        operationId: 'whoami',
        summary: 'Who am I',
        description: "The caller's e-mail and organizations, and the organization this request acted in (the default one, or the one `X-Org-Slug` names).",
        tags: ['identity'],
        response: { 200: Ref(WhoamiResponse) },
      },
    },
    async (request) => whoami(requireActor(request.actor)),
  );
  app.get(
    '/v1/orgs',
    {
      schema: {
        operationId: 'listOrgs',
        summary: 'My organizations',
        description: "The caller's organizations, marking the one this request acted in; send its slug as `X-Org-Slug` to act in another.",
        tags: ['identity'],
        response: { 200: Ref(OrgsResponse) },
      },
    },
    async (request) => listOrgs(requireActor(request.actor)),
  );
}
