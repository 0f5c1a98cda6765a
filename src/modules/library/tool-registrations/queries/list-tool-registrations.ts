import type { CommandContext } from '../../../context.js';
import { presentToolRegistration } from '../tool-registration.presenter.js';

/** `GET /v1/tool-registrations`: the organization's registrations, oldest first. */
export async function listToolRegistrations(ctx: CommandContext) {
  const records = await ctx.repos.toolRegistrations.list(ctx.actor.org.orgId);
  return records.map(presentToolRegistration);
}
