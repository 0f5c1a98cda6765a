/** `GET /v1/organization/settings`: the active organization's letterhead. */
import type { CommandContext } from '../../context.js';
import type { OrganizationSettingsRecord } from '../organization-settings.repository.js';

export async function getOrganizationSettings(ctx: CommandContext): Promise<OrganizationSettingsRecord> {
  return ctx.repos.organizationSettings.find(ctx.actor.org.orgId);
}
