/**
 * ⚠ TENANCY GATE for tool registrations ⚠ A registration of another organization is "not found",
 * exactly like a missing one (404, never 403): the repository only looks inside the caller's org.
 */
import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import { type ToolRegistrationRecord } from './tool-registration.repository.js';

/** @throws NotFoundError when absent or foreign. */
export async function requireToolRegistration(ctx: CommandContext, toolId: string): Promise<ToolRegistrationRecord> {
  const record = await ctx.repos.toolRegistrations.findById(ctx.actor.org.orgId, toolId);
  if (!record) throw new NotFoundError(`tool registration ${toolId} not found`);
  return record;
}
