/** Rules shared by the member commands. */
import { ConflictError, NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import type { MemberRecord } from '../identity.repository.js';

export const LAST_OWNER_MESSAGE = 'the organization must keep at least one owner: make another member owner first';

/**
 * A member of the active organization, for changing. Locks the organization first (a no-op
 * write to its row: a row lock on PostgreSQL, the write lock on SQLite), so two owners demoting
 * each other at once cannot both pass the last-owner check.
 *
 * @throws NotFoundError when the user is not a member of the active organization (another
 *   organization's members included).
 * @throws ConflictError when the membership follows the OIDC claim (changed at the provider).
 */
export async function lockMember(ctx: CommandContext, userId: string): Promise<MemberRecord> {
  const orgId = ctx.actor.org.orgId;
  await ctx.repos.identity.lockOrganization(orgId);
  const member = await ctx.repos.identity.findMembership(orgId, userId);
  if (!member) throw new NotFoundError('member not found');
  if (member.source === 'claim') {
    throw new ConflictError("this membership follows the identity provider's organization claim: change or remove it there");
  }
  return member;
}

/** @throws ConflictError when `member` is the organization's only owner. */
export async function assertNotLastOwner(ctx: CommandContext, member: MemberRecord): Promise<void> {
  if (member.role !== 'owner') return;
  if ((await ctx.repos.identity.countOwners(ctx.actor.org.orgId)) <= 1) throw new ConflictError(LAST_OWNER_MESSAGE);
}
