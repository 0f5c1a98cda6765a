import type { CommandContext } from '../../../context.js';
import { presentToolRegistration } from '../tool-registration.presenter.js';
import { ToolRegistrationRepository } from '../tool-registration.repository.js';

/** `GET /v1/tool-registrations`: the organization's registrations, oldest first. */
export async function listToolRegistrations(ctx: CommandContext) {
  const records = await new ToolRegistrationRepository(ctx.db).list(ctx.actor.org.orgId);
  return records.map(presentToolRegistration);
}
