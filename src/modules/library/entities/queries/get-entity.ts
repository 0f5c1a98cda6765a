/**
 * ⚠ TENANCY GATE for entities ⚠ An entity of another organization is "not found", exactly like
 * a missing one (404, never 403).
 */
import { type PageRequest, mapPage } from '../../../../storage/keyset-page.js';
import { NotFoundError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { presentEntity } from '../entity.presenter.js';

/** `GET /v1/entities`: the organization's entities by name. */
export async function listEntities(ctx: CommandContext, page: PageRequest) {
  return mapPage(ctx.repos.entities.listPage(ctx.actor.org.orgId, page), presentEntity);
}

/**
 * `GET /v1/entities/{id}`.
 *
 * @throws NotFoundError when absent or of another organization.
 */
export async function getEntity(ctx: CommandContext, entityId: string) {
  const entity = await ctx.repos.entities.findById(ctx.actor.org.orgId, entityId);
  if (!entity) throw new NotFoundError(`entity ${entityId} not found`);
  return presentEntity(entity);
}
