/**
 * `/v1/organization/settings`: the active organization's letterhead. Owners only, both ways:
 * what every letter of the organization is printed on is an administrator's decision (as in
 * docs/adr/0079-roles-hierarchy.md). Routes only adapt.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Ref, errorResponses } from '../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { updateOrganizationSettings } from './commands/update-organization-settings.js';
import { OrganizationSettings, UpdateOrganizationSettingsBody } from './organization-settings.schemas.js';
import { getOrganizationSettings } from './queries/get-organization-settings.js';

const tags = ['organization'];
const config = { role: 'owner' as const };

export function registerOrganizationRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/v1/organization/settings',
    {
      schema: {
        operationId: 'getOrganizationSettings',
        summary: "The organization's settings",
        description: "The active organization's letterhead (name, address, logo), printed by the `letter` layout; all null when never set.",
        tags,
        response: { 200: Ref(OrganizationSettings) },
      },
      config,
    },
    async (request) => getOrganizationSettings(contextOf(request, deps)),
  );

  app.patch(
    '/v1/organization/settings',
    {
      schema: {
        operationId: 'updateOrganizationSettings',
        summary: "Change the organization's settings",
        description:
          "Changes the letterhead's name, address or logo (PNG or JPEG, base64, at most 512 KB); null clears one. 422 for a logo that is not the image it claims to be.",
        tags,
        body: Ref(UpdateOrganizationSettingsBody),
        response: { 200: Ref(OrganizationSettings), ...errorResponses(422) },
      },
      config,
    },
    async (request) => updateOrganizationSettings(contextOf(request, deps), request.body),
  );
}
