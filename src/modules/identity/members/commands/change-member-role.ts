/** `PATCH /v1/members/{user_id}`: a member's new role; the last owner cannot be demoted. */
import type { Role } from '../../../../kernel/roles.js';
import type { CommandContext } from '../../../context.js';
import type { MemberRecord } from '../../identity.repository.js';
import type { MembershipInvalidator } from '../../membership-cache.js';
import { assertNotLastOwner, lockMember } from '../member-rules.js';

/**
 * @throws NotFoundError when the user is not a member of the active organization.
 * The member's cached memberships in this process are dropped once the change is committed, so
 * their next request already has the new role.
 *
 * @throws ConflictError when demoting the last owner, or the membership follows the OIDC claim.
 */
export async function changeMemberRole(ctx: CommandContext, memberships: MembershipInvalidator, userId: string, role: Role): Promise<MemberRecord> {
  const changed = await ctx.transaction(async (tx) => {
    const member = await lockMember(tx, userId);
    if (member.role === role) return member;
    if (role !== 'owner') await assertNotLastOwner(tx, member);
    await tx.repos.identity.setRole(tx.actor.org.orgId, userId, role);
    return { ...member, role };
  });
  memberships.invalidateUser(userId);
  return changed;
}
