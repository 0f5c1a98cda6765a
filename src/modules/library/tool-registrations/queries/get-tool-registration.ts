import type { CommandContext } from '../../../context.js';
import { requireToolRegistration } from '../require-tool-registration.js';
import { presentToolRegistration } from '../tool-registration.presenter.js';

/**
 * `GET /v1/tool-registrations/{tool_id}`.
 *
 * @throws NotFoundError when absent or foreign.
 */
export async function getToolRegistration(ctx: CommandContext, toolId: string) {
  return presentToolRegistration(await requireToolRegistration(ctx, toolId));
}
