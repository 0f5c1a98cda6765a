/** `GET /issuer-memories/{memory_id}`: one memory; another organization's id is 404. */
import { NotFoundError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import type { IssuerMemoryRecord } from '../issuer-memory.repository.js';

/** @throws NotFoundError when the memory is absent or foreign. */
export async function getIssuerMemory(ctx: CommandContext, id: string): Promise<IssuerMemoryRecord> {
  const memory = await ctx.repos.issuerMemories.findById(ctx.actor.org.orgId, id);
  if (!memory) throw new NotFoundError(`issuer memory ${id} not found`);
  return memory;
}
