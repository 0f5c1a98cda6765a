import type { CommandContext } from '../../../context.js';
import type { MemberRecord } from '../../identity.repository.js';

/** `GET /v1/members`: the active organization's members, oldest first. */
export async function listMembers(ctx: CommandContext): Promise<{ members: MemberRecord[] }> {
  return { members: await ctx.repos.identity.listMembers(ctx.actor.org.orgId) };
}
