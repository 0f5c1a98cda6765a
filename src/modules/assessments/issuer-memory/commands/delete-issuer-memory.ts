/**
 * `DELETE /issuer-memories/{memory_id}`: forgets an issuer. Later runs no longer take fields from
 * it nor check its history; items already recalled keep their provenance (the decision they
 * came from is still on record).
 */
import { NotFoundError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';

/** @throws NotFoundError when the memory is absent or foreign. */
export async function deleteIssuerMemory(ctx: CommandContext, id: string): Promise<void> {
  if (!(await ctx.repos.issuerMemories.delete(ctx.actor.org.orgId, id))) throw new NotFoundError(`issuer memory ${id} not found`);
}
