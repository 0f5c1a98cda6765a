/** `GET /issuer-memories`: the organization's issuer memories, newest first. */
import type { CommandContext } from '../../../context.js';
import type { IssuerMemoryRecord } from '../issuer-memory.repository.js';

export async function listIssuerMemories(
  ctx: CommandContext,
  page: { limit: number; cursor?: string },
): Promise<{ memories: IssuerMemoryRecord[]; next_cursor: string | null }> {
  const memories = await ctx.repos.issuerMemories.list(ctx.actor.org.orgId, { limit: page.limit + 1, cursor: page.cursor });
  const more = memories.length > page.limit;
  const shown = memories.slice(0, page.limit);
  return { memories: shown, next_cursor: more ? shown[shown.length - 1].id : null };
}
