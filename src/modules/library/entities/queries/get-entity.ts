/** `GET /v1/entities` (paged) and `GET /v1/entities/{id}`. */
import { type PageRequest, mapPage } from '../../../../storage/keyset-page.js';
import type { ListView } from '../../../../storage/list-view.js';
import type { CommandContext } from '../../../context.js';
import { presentEntity } from '../entity.presenter.js';
import { requireEntity } from '../require-entity.js';

/** `GET /v1/entities`: the organization's entities by name. */
export async function listEntities(ctx: CommandContext, page: PageRequest, view: ListView = {}) {
  return mapPage(ctx.repos.entities.listPage(ctx.actor.org.orgId, page, view), presentEntity);
}

/**
 * `GET /v1/entities/{id}`.
 *
 * @throws NotFoundError when absent or of another organization.
 */
export async function getEntity(ctx: CommandContext, entityId: string) {
  return presentEntity(await requireEntity(ctx, entityId));
}
