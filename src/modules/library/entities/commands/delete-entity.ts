/**
 * `DELETE /v1/entities/{id}`. An entity a snippet binding still names is not deleted (422
 * naming the documents): its role would silently render as the raw id again, which is what
 * entities exist to prevent. Unbind it (or rebind the role) first.
 */
import { DomainValidationError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { requireEntity } from '../require-entity.js';

/**
 * @throws NotFoundError when the entity is absent or of another organization.
 * @throws DomainValidationError when a binding still names it.
 */
export async function deleteEntity(ctx: CommandContext, entityId: string): Promise<void> {
  const entity = await requireEntity(ctx, entityId);
  const orgId = ctx.actor.org.orgId;
  const bindings = await ctx.repos.bindings.listNamingEntity(orgId, entity.id);
  if (bindings.length > 0) {
    const documents = [...new Set(bindings.map((b) => b.documentId))];
    throw new DomainValidationError(
      `entity ${entity.id} ("${entity.name}") is bound in document${documents.length === 1 ? '' : 's'} ${documents.join(', ')}: unbind it first`,
    );
  }
  await ctx.repos.entities.delete(orgId, entity.id);
}
