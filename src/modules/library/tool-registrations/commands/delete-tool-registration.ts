import { NotFoundError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';

/**
 * `DELETE /v1/tool-registrations/{tool_id}`. Data-needs that name the tool keep their
 * `tool_ref` and show up as a readiness gap (tool unknown) until it is registered again.
 *
 * @throws NotFoundError when absent or foreign.
 */
export async function deleteToolRegistration(ctx: CommandContext, toolId: string): Promise<void> {
  const deleted = await ctx.repos.toolRegistrations.delete(ctx.actor.org.orgId, toolId);
  if (!deleted) throw new NotFoundError(`tool registration ${toolId} not found`);
}
