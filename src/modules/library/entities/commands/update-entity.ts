/**
 * `PATCH /v1/entities/{id}`: only the keys sent change; `attributes` replaces the whole map
 * (null clears it), `kind: null` clears the kind, and the name can never be blank. A rename
 * reaches every document that binds the entity: sections that rendered it read the bound
 * snippets, whose record names the entity, so they show stale (`snippets.<key>`).
 */
import type { CommandContext } from '../../../context.js';
import { assertNotEmptyUpdate, requiredString } from '../../library-rules.js';
import type { EntityRecord } from '../entity.repository.js';
import { requireEntity } from '../require-entity.js';
import { checkedAttributes } from './create-entity.js';

export interface UpdateEntityInput {
  name?: string | null;
  kind?: string | null;
  attributes?: Record<string, unknown> | null;
}

/**
 * @throws NotFoundError when the entity is absent or of another organization.
 * @throws DomainValidationError for `{}`, a null or blank name, or an attribute that is not a plain value.
 */
export async function updateEntity(ctx: CommandContext, entityId: string, input: UpdateEntityInput): Promise<EntityRecord> {
  assertNotEmptyUpdate(input, ['name', 'kind', 'attributes']);
  const entity = await requireEntity(ctx, entityId);
  const next: EntityRecord = {
    ...entity,
    name: input.name !== undefined ? requiredString(input.name, 'name', { isKey: true }) : entity.name,
    kind: input.kind !== undefined ? input.kind?.trim() || null : entity.kind,
    attributes: input.attributes !== undefined ? checkedAttributes(input.attributes ?? {}) : entity.attributes,
    updatedAt: ctx.clock.now().toISOString(),
  };
  await ctx.repos.entities.update(ctx.actor.org.orgId, entity.id, next);
  return next;
}
