/**
 * `POST /v1/tool-registrations/{tool_id}/invoke`: calls a registered tool once with the given
 * arguments, on behalf of the caller (per-user tools receive the caller's bearer token and
 * e-mail), so an author can try a registration before a data-need depends on it.
 */
import { DomainValidationError } from '../../../../kernel/errors.js';
import type { GatheredSourceInfo, ToolGateway } from '../../../../pipeline/ports.js';
import type { CommandContext } from '../../../context.js';
import { requireToolRegistration } from '../require-tool-registration.js';

/** How long one tried call may take. */
export const INVOKE_TIMEOUT_MS = 15_000;

/**
 * @throws NotFoundError when the registration is absent or foreign; DomainValidationError when
 *   the tool call fails (refused URL, timeout, bad answer), with the gateway's message.
 */
export async function invokeToolRegistration(
  ctx: CommandContext,
  tools: ToolGateway,
  toolId: string,
  args: Record<string, unknown>,
): Promise<{ value: unknown; source: GatheredSourceInfo }> {
  const registration = await requireToolRegistration(ctx, toolId);
  const { actor } = ctx;
  try {
    return await tools.call({
      registration: { name: registration.name, classPath: registration.classPath, config: registration.config },
      args,
      caller: { bearerToken: actor.bearerToken, subject: actor.subject, email: actor.email, orgSlug: actor.org.slug },
      timeoutMs: INVOKE_TIMEOUT_MS,
    });
  } catch (error) {
    // The gateway's errors say what went wrong in words a person can act on; the caller sent a
    // well-formed request that the tool (or the guard) could not satisfy.
    throw new DomainValidationError(`tool ${registration.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
