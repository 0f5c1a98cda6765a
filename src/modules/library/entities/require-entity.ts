/**
 * ⚠ TENANCY GATE for entities ⚠ An entity of another organization is "not found", exactly like
 * a missing one (404, never 403). Every entity use case that takes an id goes through here.
 */
import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import type { EntityRecord } from './entity.repository.js';

/** @throws NotFoundError when the entity is absent or of another organization. */
export async function requireEntity(ctx: CommandContext, entityId: string): Promise<EntityRecord> {
  const entity = await ctx.repos.entities.findById(ctx.actor.org.orgId, entityId);
  if (!entity) throw new NotFoundError(`entity ${entityId} not found`);
  return entity;
}
