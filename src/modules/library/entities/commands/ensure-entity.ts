/**
 * The organization's entity of a name, created when there is none: what orchestrate binds for a
 * name it found in intake text, so the same party found twice is one entity, not two.
 */
import type { CommandContext } from '../../../context.js';
import type { EntityRecord } from '../entity.repository.js';
import { createEntity } from './create-entity.js';

/**
 * The oldest entity named `name` (trimmed, exact) in the caller's organization, else a new one
 * of `kind`; `created` says which.
 *
 * @throws DomainValidationError for a blank name.
 */
export async function ensureEntity(ctx: CommandContext, name: string, kind: string | null): Promise<{ entity: EntityRecord; created: boolean }> {
  const existing = await ctx.repos.entities.findByName(ctx.actor.org.orgId, name.trim());
  if (existing) return { entity: existing, created: false };
  return { entity: await createEntity(ctx, { name, kind }), created: true };
}
