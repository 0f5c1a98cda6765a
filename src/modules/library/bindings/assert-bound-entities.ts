/**
 * A binding names entities of the organization only: checked when a snippet is bound or its
 * bindings change, so a role never renders as a raw id (a typo, another organization's id or a
 * deleted entity) without anyone being told.
 */
import { DomainValidationError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';

/**
 * @throws DomainValidationError naming each role whose id is no entity of the caller's
 *   organization (a foreign id included: it is not found here).
 */
export async function assertBoundEntitiesExist(ctx: CommandContext, entityBindings: Readonly<Record<string, string>>): Promise<void> {
  const ids = [...new Set(Object.values(entityBindings))];
  if (ids.length === 0) return;
  const found = new Set((await ctx.repos.entities.findByIds(ctx.actor.org.orgId, ids)).map((e) => e.id));
  const unknown = Object.entries(entityBindings).filter(([, id]) => !found.has(id));
  if (unknown.length === 0) return;
  throw new DomainValidationError(
    `entityBindings name no entity of this organization: ${unknown.map(([role, id]) => `${role} → ${id}`).join(', ')} (create it with POST /v1/entities)`,
  );
}
