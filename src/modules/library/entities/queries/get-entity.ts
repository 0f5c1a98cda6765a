/** `GET /v1/entities` (paged) and `GET /v1/entities/{id}`. */
import type { CommandContext } from '../../../context.js';
import { presentEntity } from '../entity.presenter.js';
import { requireEntity } from '../require-entity.js';

/** Newest first, `limit` per page; `next_cursor` is null on the last page. */
export async function listEntities(ctx: CommandContext, page: { limit: number; cursor?: string }) {
  const rows = await ctx.repos.entities.list(ctx.actor.org.orgId, { limit: page.limit + 1, cursor: page.cursor });
  const pageRows = rows.slice(0, page.limit);
  return { entities: pageRows.map(presentEntity), next_cursor: rows.length > page.limit ? (pageRows.at(-1)?.id ?? null) : null };
}

/**
 * `GET /v1/entities/{id}`.
 *
 * @throws NotFoundError when absent or of another organization.
 */
export async function getEntity(ctx: CommandContext, entityId: string) {
  return presentEntity(await requireEntity(ctx, entityId));
}
